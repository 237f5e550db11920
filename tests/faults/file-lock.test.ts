// The lock helper both the database owner and the site tests use: one holder at a time in
// this process too, given back on release, and the file is never removed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
	LockHeldError,
	takeFileLock,
	waitForFileLock,
} from '../../src/lib/embedded-db/file-lock.server.ts';
import { faultEnv } from './owner.ts';

const fault = await faultEnv();
const file = path.join(fault.root, 'nested', 'thing.lock.db');
afterAll(() => fault.cleanup());

it('gives the lock to one holder, refuses a second, and hands it on after release', async () => {
	const first = takeFileLock(file);
	expect(() => takeFileLock(file)).toThrow(LockHeldError);
	const waiting = waitForFileLock(file, { timeoutMs: 5000, pollMs: 50 });
	setTimeout(() => first.release(), 200);
	const second = await waiting;
	expect(() => takeFileLock(file)).toThrow(LockHeldError);
	second.release();
	second.release(); // a second release is harmless
	expect(existsSync(file)).toBe(true);
	takeFileLock(file).release();
});

it('gives up waiting after the timeout with LockHeldError', async () => {
	const held = takeFileLock(file);
	try {
		await expect(waitForFileLock(file, { timeoutMs: 150, pollMs: 50 })).rejects.toThrow(
			LockHeldError,
		);
	} finally {
		held.release();
	}
});
