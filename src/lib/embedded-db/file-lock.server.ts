import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Another process (or another holder in this one) has the lock. */
export class LockHeldError extends Error {}

/** A held lock; `release` gives it back (the operating system also does when the process dies). */
export interface FileLock {
	readonly file: string;
	release(): void;
}

/**
 * Takes an operating-system lock on `file`, or throws LockHeldError at once.
 *
 * Why SQLite: Node has no flock(), and a pid written into a file cannot be taken over safely
 * when its process has died (two processes that both see the dead pid both "clear" it and both
 * believe they own the lock). SQLite, built into Node, holds POSIX advisory locks (fcntl) on
 * its file; an exclusive transaction kept open is exactly one owner per file, across processes
 * and within one, and the kernel drops it when the owner exits, even by SIGKILL. So there is
 * never a stale lock to clear, and the file itself is never deleted or replaced (a lock lives
 * on an inode: replacing the file would hand out a second one).
 */
export function takeFileLock(file: string): FileLock {
	mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	// timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting.
	const db = new DatabaseSync(file, { timeout: 0 });
	try {
		// EXCLUSIVE locking mode keeps the lock after the first transaction, even without writes.
		db.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
	} catch (error) {
		db.close();
		if ((error as { errcode?: number }).errcode === 5 /* SQLITE_BUSY */) {
			throw new LockHeldError(`${file} is held by another process`);
		}
		throw new Error(`cannot lock ${file}: ${(error as Error).message}`, { cause: error });
	}
	let held = true;
	return {
		file,
		release() {
			if (!held) return;
			held = false;
			db.close();
		},
	};
}

/** Waits for the lock on `file`, polling; throws LockHeldError after `timeoutMs`. */
export async function waitForFileLock(
	file: string,
	{ timeoutMs, pollMs = 1000 }: { timeoutMs: number; pollMs?: number },
): Promise<FileLock> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return takeFileLock(file);
		} catch (error) {
			if (!(error instanceof LockHeldError) || Date.now() >= deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, pollMs));
		}
	}
}
