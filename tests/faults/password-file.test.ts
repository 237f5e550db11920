// The embedded database's password and data are readable by their owner only.
import { stat } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { embeddedDbPassword, passwordFile } from '../../src/lib/embedded-db/password.server.ts';
import { faultEnv } from './owner.ts';

const fault = await faultEnv();
const dataDir = fault.env.EMBEDDED_DB_DIR!;
afterAll(() => fault.cleanup());

it('creates one random password, owner-only, and every caller reads the same one', async () => {
	const passwords = await Promise.all(
		Array.from({ length: 8 }, async () => embeddedDbPassword(dataDir)),
	);
	expect(new Set(passwords).size).toBe(1);
	expect(passwords[0]).toMatch(/^[0-9a-f]{64}$/);
	expect((await stat(passwordFile(dataDir))).mode & 0o777).toBe(0o600);
	expect(embeddedDbPassword(`${dataDir}-other`)).not.toBe(passwords[0]);
});

it('narrows a password file that others could read', async () => {
	const { chmod } = await import('node:fs/promises');
	await chmod(passwordFile(dataDir), 0o644);
	embeddedDbPassword(dataDir);
	expect((await stat(passwordFile(dataDir))).mode & 0o777).toBe(0o600);
});
