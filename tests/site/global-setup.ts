// Builds and serves the real site the way `npm start` does (netlify serve, offline), on a
// throwaway embedded database holding the sample catalogue plus rows that test edge cases.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startTestDb, type TestDb } from '../helpers/test-db.ts';
import { FAKE_SECRETS, FIXTURE_TOOLS, insertFixtures } from './fixtures.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string;
		dbUrl: string;
		buildLog: string;
		fixtureTools: typeof FIXTURE_TOOLS;
		outboxDir: string;
	}
}

/** The status of a GET, or 0 when nothing answers (node:http: the body is always drained). */
function httpStatus(url: string): Promise<number> {
	return new Promise((resolve) => {
		http
			.get(url, (response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
			})
			.on('error', () => resolve(0));
	});
}

async function waitForHttp(
	url: string,
	serve: ChildProcess,
	log: () => string,
	timeoutMs = 180_000,
) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (serve.exitCode !== null) throw new Error(`netlify serve exited early:\n${log()}`);
		if ((await httpStatus(url)) === 200) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`the site did not come up at ${url}:\n${log()}`);
}

/** netlify serve always builds into dist/, so concurrent test runs take turns. */
async function takeSiteLock(): Promise<() => Promise<void>> {
	const lockFile = path.resolve('.data/site-tests.lock');
	await mkdir(path.dirname(lockFile), { recursive: true });
	for (const deadline = Date.now() + 15 * 60_000; Date.now() < deadline;) {
		try {
			await writeFile(lockFile, String(process.pid), { flag: 'wx' });
			return () => rm(lockFile, { force: true });
		} catch {
			const owner = Number(await readFile(lockFile, 'utf8').catch(() => '0'));
			const alive =
				owner > 0 &&
				(() => {
					try {
						process.kill(owner, 0);
						return true;
					} catch {
						return false;
					}
				})();
			if (!alive) await rm(lockFile, { force: true });
			else await new Promise((resolve) => setTimeout(resolve, 1000));
		}
	}
	throw new Error('another site test run has held .data/site-tests.lock for 15 minutes');
}

export default async function setup(project: TestProject) {
	const unlock = await takeSiteLock();
	const db: TestDb = await startTestDb();
	await insertFixtures(db.sql);
	const port = await freePort();
	// The served functions' e-mails (newsletter confirmations) land here for the tests to open.
	const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'contech-site-outbox-'));
	let output = '';
	const serve = spawn(
		path.resolve('node_modules/.bin/netlify'),
		['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)],
		{
			env: {
				...process.env,
				// Vitest sets NODE_ENV=test, which Vite would honour with React's development build:
				// the site under test is built as for production.
				NODE_ENV: 'production',
				// Secrets present at build time, as on Netlify: none may reach dist/.
				...FAKE_SECRETS,
				EMBEDDED_DB_DIR: db.dataDir,
				EMBEDDED_DB_PORT: String(db.port),
				SUPABASE_URL: '',
				// No SMTP in tests: the fake SMTP_URL above only checks that the value never reaches dist/.
				SMTP_URL: '',
				OUTBOX_DIR: outboxDir,
				// Many form posts come from one test browser; the limit itself is tested on the handlers.
				RATE_LIMIT_PER_HOUR: '10000',
				ASTRO_TELEMETRY_DISABLED: '1',
				NETLIFY_TELEMETRY_DISABLED: '1',
				BROWSER: 'none',
				XDG_CONFIG_HOME: path.resolve('.data/netlify-config'),
				SITE_URL: `http://localhost:${port}`,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		},
	);
	serve.stdout!.on('data', (chunk) => (output += chunk));
	serve.stderr!.on('data', (chunk) => (output += chunk));
	const baseUrl = `http://localhost:${port}`;
	try {
		await waitForHttp(`${baseUrl}/`, serve, () => output);
	} catch (error) {
		process.kill(-serve.pid!, 'SIGTERM');
		await db.stop();
		await unlock();
		throw error;
	}
	project.provide('baseUrl', baseUrl);
	project.provide('dbUrl', db.url);
	project.provide('buildLog', output);
	project.provide('fixtureTools', FIXTURE_TOOLS);
	project.provide('outboxDir', outboxDir);

	return async () => {
		process.kill(-serve.pid!, 'SIGTERM');
		await new Promise((resolve) => serve.once('exit', resolve));
		await db.stop();
		await unlock();
	};
}
