// Builds the real site with `astro build` on a throwaway embedded database holding the sample
// catalogue plus rows that test edge cases, then serves it the way `npm start` does
// (scripts/start.ts --no-build: the same server, functions and headers).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitForFileLock } from '../../src/lib/embedded-db/file-lock.server.ts';
import { freePort } from '../helpers/free-port.ts';
import { type LogoServer, siteTestLogos, startLogoServer } from '../helpers/logo-server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { insertCompareFixtures } from './compare-fixtures.ts';
import { FAKE_SECRETS, FIXTURE_TOOLS, insertFixtures } from './fixtures.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string;
		dbUrl: string;
		/** The test database's data directory: its password file lives beside it. */
		dbDir: string;
		buildLog: string;
		fixtureTools: typeof FIXTURE_TOOLS;
		outboxDir: string;
		/** The stand-in logo service the build fetched from, and the build's environment. */
		logos: { serverUrl: string; buildEnv: Record<string, string> };
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
		if (serve.exitCode !== null) throw new Error(`npm start exited early:\n${log()}`);
		if ((await httpStatus(url)) === 200) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`the site did not come up at ${url}:\n${log()}`);
}

/** The tests read dist/, so concurrent test runs take turns. */
async function takeSiteLock(): Promise<() => Promise<void>> {
	const lock = await waitForFileLock(path.resolve('.data/site-tests.lock.db'), {
		timeoutMs: 15 * 60_000,
	}).catch((error) => {
		throw new Error('another site test run has held .data/site-tests.lock.db for 15 minutes', {
			cause: error,
		});
	});
	return async () => lock.release();
}

/** `astro build` into dist/, as `npm start` builds; its output is the build log the tests read. */
function buildSite(env: NodeJS.ProcessEnv): Promise<string> {
	return new Promise((resolve, reject) => {
		const astro = path.resolve('node_modules/astro/bin/astro.mjs');
		const child = spawn(process.execPath, [astro, 'build'], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout!.on('data', (chunk) => (output += chunk));
		child.stderr!.on('data', (chunk) => (output += chunk));
		child.once('error', reject);
		child.once('exit', (code) =>
			code === 0
				? resolve(output)
				: reject(new Error(`astro build exited with ${code}:\n${output}`)),
		);
	});
}

export default async function setup(project: TestProject) {
	const unlock = await takeSiteLock();
	const db: TestDb = await startTestDb();
	await insertFixtures(db.sql);
	await insertCompareFixtures(db.sql);
	const port = await freePort();
	const baseUrl = `http://localhost:${port}`;
	// The served functions' e-mails (newsletter confirmations) land here for the tests to open.
	const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'contech-site-outbox-'));
	// Logos come from a local stand-in for the logo service, into a cache of this run's own.
	const logoServer: LogoServer = await startLogoServer(await siteTestLogos());
	const logoCacheDir = await mkdtemp(path.join(os.tmpdir(), 'contech-site-logos-'));
	const env: NodeJS.ProcessEnv = {
		...process.env,
		// Vitest sets NODE_ENV=test, which Vite would honour with React's development build:
		// the site under test is built as for production.
		NODE_ENV: 'production',
		// Secrets present at build time, as on Netlify: none may reach dist/.
		...FAKE_SECRETS,
		EMBEDDED_DB_DIR: db.dataDir,
		EMBEDDED_DB_PORT: String(db.port),
		SUPABASE_URL: '',
		ASTRO_OUT_DIR: '',
		// No SMTP in tests: the fake SMTP_URL above only checks that the value never reaches dist/.
		SMTP_URL: '',
		OUTBOX_DIR: outboxDir,
		// Many form posts come from one test browser; the limit itself is tested on the handlers.
		RATE_LIMIT_PER_HOUR: '10000',
		ASTRO_TELEMETRY_DISABLED: '1',
		PORT: String(port),
		SITE_URL: baseUrl,
		LOGO_URL_TEMPLATE: logoServer.template,
		LOGO_CACHE_DIR: logoCacheDir,
		// The logo server listens on loopback, which only tests may reach (record 0027).
		OUTBOUND_ALLOW_LOOPBACK: '1',
	};
	let buildLog: string;
	try {
		buildLog = await buildSite(env);
	} catch (error) {
		await logoServer.close();
		await db.stop();
		await unlock();
		throw error;
	}
	let output = '';
	const serve = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	serve.stdout!.on('data', (chunk) => (output += chunk));
	serve.stderr!.on('data', (chunk) => (output += chunk));
	try {
		await waitForHttp(`${baseUrl}/`, serve, () => output);
	} catch (error) {
		process.kill(-serve.pid!, 'SIGTERM');
		await logoServer.close();
		await db.stop();
		await unlock();
		throw error;
	}
	project.provide('baseUrl', baseUrl);
	project.provide('dbUrl', db.url);
	project.provide('dbDir', db.dataDir);
	project.provide('buildLog', buildLog);
	project.provide('fixtureTools', FIXTURE_TOOLS);
	project.provide('outboxDir', outboxDir);
	project.provide('logos', {
		serverUrl: new URL(logoServer.template).origin,
		buildEnv: Object.fromEntries(
			Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
		),
	});

	return async () => {
		process.kill(-serve.pid!, 'SIGTERM');
		await new Promise((resolve) => serve.once('exit', resolve));
		await logoServer.close();
		await db.stop();
		await rm(outboxDir, { recursive: true, force: true });
		await rm(logoCacheDir, { recursive: true, force: true });
		await unlock();
	};
}
