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

const PASSWORD = /^[0-9a-f]{64}$/;

/** Where the embedded database's password lives: next to its data directory, owner-only. */
export function passwordFile(dataDir: string): string {
	return `${dataDir}.password`;
}

/**
 * The embedded database's password, created on first use (by whichever local process comes
 * first: the owner or a client) as 32 random bytes in a file only this user can read, so
 * another local user can connect to the port but not log in. Synchronous because every
 * client builds its connection URL from it.
 */
export function embeddedDbPassword(dataDir: string): string {
	const file = passwordFile(dataDir);
	mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	try {
		// Written whole to a private name, then linked into place: a reader never sees a half-written
		// file, and when two processes race, link() lets exactly one of them create it.
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
		throw new Error(`cannot create the embedded database password ${file}: ${String(error)}`, {
			cause: error,
		});
	}
	// A copy made by hand (or an older checkout) may be readable by others: narrow it.
	if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
	const password = readFileSync(file, 'utf8').trim();
	if (!PASSWORD.test(password)) {
		throw new Error(`${file} is not an embedded database password; delete it to make a new one`);
	}
	return password;
}
