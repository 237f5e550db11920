import { createSecretFile, localSecretFile } from './local-secrets.server.ts';

/** Where the embedded database's password lives: next to its data directory, owner-only. */
export function passwordFile(dataDir: string): string {
	return localSecretFile(dataDir, 'password');
}

/**
 * The embedded database's password, created on first use (by whichever local process comes
 * first: the owner or a client) as 32 random bytes in a file only this user can read, so
 * another local user can connect to the port but not log in. Synchronous because every
 * client builds its connection URL from it.
 */
export function embeddedDbPassword(dataDir: string): string {
	return createSecretFile(passwordFile(dataDir), 'embedded database password');
}
