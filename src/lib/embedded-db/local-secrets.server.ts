import { randomBytes } from 'node:crypto';
import {
	chmodSync,
	linkSync,
	mkdirSync,
	readFileSync,
	statSync,
	unlinkSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';

// Secrets generated per data directory (record 0027), as the embedded database's password is
// (record 0009): 32 random bytes in a file beside the data directory that only this user can
// read. `npm start` makes them on first start; nothing ever signs with a value in the repository.

const SECRET = /^[0-9a-f]{64}$/;

/** The secrets `npm start` keeps per data directory when the environment sets none. */
export const LOCAL_SECRETS = {
	NEWSLETTER_SECRET: 'newsletter-secret',
	RATE_LIMIT_SALT: 'rate-limit-salt',
} as const;
export type LocalSecret = keyof typeof LOCAL_SECRETS;

/** Where a generated secret lives: next to the data directory, owner-only. */
export function localSecretFile(dataDir: string, name: string): string {
	return `${dataDir}.${name}`;
}

/**
 * Creates `file` with 32 random bytes (hex) unless it exists, and returns its content. Written
 * whole to a private name, then linked into place: a reader never sees a half-written file, and
 * when two processes race, link() lets exactly one of them create it.
 */
export function createSecretFile(file: string, what: string): string {
	mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	try {
		const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
		writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
		try {
			linkSync(draft, file);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		} finally {
			unlinkSync(draft);
		}
	} catch (error) {
		throw new Error(`cannot create the ${what} ${file}: ${String(error)}`, { cause: error });
	}
	return readSecretFile(file, what)!;
}

/** The secret in `file`, or undefined when there is none yet; a looser mode is narrowed. */
export function readSecretFile(file: string, what: string): string | undefined {
	let secret: string;
	try {
		secret = readFileSync(file, 'utf8').trim();
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw error;
	}
	// A copy made by hand (or an older checkout) may be readable by others: narrow it.
	if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
	if (!SECRET.test(secret))
		throw new Error(`${file} does not hold a valid ${what}; delete it to make a new one`);
	return secret;
}

/** `name`'s secret for this data directory, made on first use (`npm start`, `serve:netlify`). */
export function ensureLocalSecret(dataDir: string, name: LocalSecret): string {
	return createSecretFile(localSecretFile(dataDir, LOCAL_SECRETS[name]), 'generated secret');
}

/** `name`'s secret for this data directory if `npm start` made one, else undefined. */
export function readLocalSecret(dataDir: string, name: LocalSecret): string | undefined {
	return readSecretFile(localSecretFile(dataDir, LOCAL_SECRETS[name]), 'generated secret');
}
