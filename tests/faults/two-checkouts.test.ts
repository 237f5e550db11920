// Record 0020: with `npm start` running in one clone, a second clone's `npm start` took the first
// one's database for its own and failed its build with "password authentication failed". Each
// checkout now only ever uses the database its own data directory's owner serves: on the default
// port held by anything else it takes a free port and says so; with EMBEDDED_DB_PORT held by
// anything else it stops at once, with one sentence naming the variable. The default port here is
// a free one of the test's (EMBEDDED_DB_DEFAULT_PORT), never the real 54329 of this machine.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { type Started, startScript, stopProcess } from '../helpers/processes.ts';
import { embeddedDbConfig, recordedPort } from '../../src/lib/embedded-db/config.server.ts';
import { ensureEmbeddedDb } from '../../src/lib/embedded-db/ensure.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';

let root: string;
const started: Started[] = [];
const onDemandOwners: string[] = []; // data directories whose on-demand owner this test started
const foreign: net.Server[] = [];

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-checkouts-'));
});

afterAll(async () => {
	await Promise.all(started.map((run) => stopProcess(run.child, 'SIGTERM')));
	for (const dataDir of onDemandOwners) {
		// Detached, in a process group of its own (ensure.server.ts): stop that group.
		const pid = Number(await readFile(`${dataDir}.pid`, 'utf8').catch(() => ''));
		// Never 0 or 1: process.kill(-0) would signal this test's own process group.
		if (!Number.isInteger(pid) || pid <= 1) continue;
		try {
			process.kill(-pid, 'SIGTERM');
		} catch {
			// Already gone.
		}
	}
	for (const server of foreign) server.close();
	await rm(root, { recursive: true, force: true });
});

/** A checkout of its own: data directory, site port and output directory; no EMBEDDED_DB_PORT. */
async function checkout(name: string, defaultDbPort: number): Promise<NodeJS.ProcessEnv> {
	const dir = path.join(root, name);
	await mkdir(path.join(dir, 'dist'), { recursive: true });
	return {
		EMBEDDED_DB_DIR: path.join(dir, '.data/pglite'),
		EMBEDDED_DB_PORT: '',
		EMBEDDED_DB_DEFAULT_PORT: String(defaultDbPort),
		PORT: String(await freePort()),
		ASTRO_OUT_DIR: path.join(dir, 'dist'),
		SUPABASE_URL: '',
		RATE_LIMIT_PER_HOUR: '1000',
		OUTBOX_DIR: path.join(dir, 'outbox'),
	};
}

async function subscribe(env: NodeJS.ProcessEnv, email: string): Promise<number> {
	const response = await fetch(`http://127.0.0.1:${env.PORT}/.netlify/functions/subscribe`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email }),
	});
	await response.body?.cancel();
	return response.status;
}

/** The sign-ups in a checkout's own database, found as its build and editor find it. */
async function signUps(env: NodeJS.ProcessEnv): Promise<string[]> {
	const sql = connectEmbedded(await ensureEmbeddedDb(embeddedDbConfig(env)), { max: 1 });
	try {
		const rows = await sql<{ email: string }[]>`select email from newsletter_subscribers`;
		return rows.map((row) => row.email).sort();
	} finally {
		await sql.end({ timeout: 5 });
	}
}

/** A program on `port` that is no database of ours: it answers like a Postgres server. */
async function foreignServer(port: number): Promise<void> {
	const server = net.createServer((socket) => {
		socket.on('error', () => {});
		socket.end('EFATAL: not your database\0');
	});
	foreign.push(server);
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** Runs a script to its end: its exit code and everything it printed. */
function runToEnd(
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
	const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
	return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

it('runs two checkouts side by side on one default port, each on its own data', async () => {
	const shared = await freePort();
	const first = await checkout('first', shared);
	const second = await checkout('second', shared);

	// The first checkout's `npm start` takes the default port.
	started.push(await startScript(['scripts/start.ts', '--no-build'], first, 'site ready'));
	expect(recordedPort(first.EMBEDDED_DB_DIR!)).toBe(shared);

	// The second checkout's build or editor finds the port held by a database that is not its own
	// and starts its own owner, on a free port it records for the checkout's other clients.
	onDemandOwners.push(second.EMBEDDED_DB_DIR!);
	const secondUrl = await ensureEmbeddedDb(embeddedDbConfig(second));
	const secondPort = Number(new URL(secondUrl).port);
	const told = async () =>
		`first: ${started[0].output()}\nsecond's owner: ${await readFile(`${second.EMBEDDED_DB_DIR}.log`, 'utf8')}`;
	expect(secondPort, await told()).not.toBe(shared);
	expect(recordedPort(second.EMBEDDED_DB_DIR!)).toBe(secondPort);

	// Its `npm start` keeps that one, and its functions write there.
	const secondSite = await startScript(['scripts/start.ts', '--no-build'], second, 'site ready');
	started.push(secondSite);
	expect(secondSite.output()).toContain(`already running on port ${secondPort}`);
	expect(secondSite.output()).not.toMatch(/password authentication failed/);

	expect(await subscribe(first, 'first@example.com')).toBe(200);
	expect(await subscribe(second, 'second@example.com')).toBe(200);
	expect(await signUps(first)).toEqual(['first@example.com']);
	expect(await signUps(second)).toEqual(['second@example.com']);
}, 120_000);

it('takes a free port and says so when another program holds the default port', async () => {
	const held = await freePort();
	await foreignServer(held);
	const env = await checkout('beside-a-program', held);
	const site = await startScript(['scripts/start.ts', '--no-build'], env, 'site ready');
	started.push(site);
	const port = recordedPort(env.EMBEDDED_DB_DIR!);
	expect(port).toBeDefined();
	expect(port).not.toBe(held);
	expect(site.output()).toContain(`port ${held} is in use by another program`);
	expect(site.output()).toContain(`listens on ${port}`);
	expect(await subscribe(env, 'beside@example.com')).toBe(200);
	expect(await signUps(env)).toEqual(['beside@example.com']);
}, 120_000);

it('stops before doing anything, in one sentence, when another program holds EMBEDDED_DB_PORT', async () => {
	const held = await freePort();
	await foreignServer(held);
	const env: NodeJS.ProcessEnv = {
		...(await checkout('set-port', held)),
		EMBEDDED_DB_PORT: String(held),
	};
	const sentence = `EMBEDDED_DB_PORT=${held} is in use by another program`;

	for (const [args, exitCode] of [
		[['scripts/start.ts', '--no-build'], 1], // npm start
		[['scripts/editor.ts', 'pending'], 5], // the editor: a configuration problem
		[['scripts/db-server.ts'], 4], // npm run db
	] as const) {
		const { code, output } = await runToEnd([...args], env);
		expect(code, output).toBe(exitCode);
		const lines = output.trim().split('\n');
		expect(lines, output).toHaveLength(1);
		expect(lines[0]).toContain(sentence);
		expect(output).not.toMatch(/^\s+at /m); // no stack trace
	}
	// Nothing was made: no database, no release built.
	expect(existsSync(env.EMBEDDED_DB_DIR!)).toBe(false);
	expect(existsSync(path.join(root, 'set-port/.data/releases/current'))).toBe(false);
}, 120_000);
