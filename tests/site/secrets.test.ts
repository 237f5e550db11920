// Nothing secret reaches the browser: every file in dist/ is scanned.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, distFiles } from '../helpers/dist.ts';
import { FAKE_SECRETS } from './fixtures.ts';

let files: { name: string; text: string }[];

beforeAll(async () => {
	const names = await distFiles();
	files = await Promise.all(
		names.map(async (name) => ({ name, text: await readFile(path.join(distDir, name), 'latin1') })),
	);
	expect(files.length).toBeGreaterThan(100);
});

function filesContaining(pattern: string | RegExp) {
	return files
		.filter(({ text }) =>
			typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
		)
		.map(({ name }) => name);
}

describe('dist/ secrets scan', () => {
	it.each(Object.entries(FAKE_SECRETS))('does not contain the value of %s', (_, value) => {
		expect(filesContaining(value)).toEqual([]);
	});

	it.each(Object.keys(FAKE_SECRETS))('does not name the secret variable %s', (name) => {
		expect(filesContaining(name)).toEqual([]);
	});

	it.each([
		['a Supabase secret key', /sb_secret_[A-Za-z0-9_-]{8,}/],
		['a service_role JWT', /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]*c2VydmljZV9yb2xl/],
		['the words service_role', /service_role/],
		['a database connection string', /postgres(ql)?:\/\/[^\s"']+/],
		['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
	])('does not contain %s', (_, pattern) => {
		expect(filesContaining(pattern)).toEqual([]);
	});
});
