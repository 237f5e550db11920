// Record 0007: `npm start` after a build answered 503 a minute later, because it reused the
// database the build had started on demand, which exits when idle. npm start now keeps a
// database for its whole life and the functions recover when the database goes away; it stops
// cleanly (requests in flight answered, no stale lock).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { processTreeRss } from '../../bench/server-load-parts.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { DATABASE_OWNER_MALLOC, DATABASE_OWNER_NODE_FLAGS } from '../../src/lib/heap-flags.ts';
import { freePort } from '../helpers/free-port.ts';
import { type Started, startScript, stopProcess } from '../helpers/processes.ts';

let root: string;
let env: NodeJS.ProcessEnv;
let base: string;
let onDemand: Started | undefined;
let site: Started | undefined;
const stored: string[] = [];

const subscribe = async (email: string) => {
	const response = await fetch(`${base}/.netlify/functions/subscribe`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email }),
	});
	if (response.status === 200) stored.push(email);
	return response.status;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-db-life-'));
	await mkdir(path.join(root, 'dist'));
	const port = await freePort();
	base = `http://127.0.0.1:${port}`;
	env = {
		EMBEDDED_DB_DIR: path.join(root, 'pglite'),
		EMBEDDED_DB_PORT: String(await freePort()),
		PORT: String(port),
		ASTRO_OUT_DIR: path.join(root, 'dist'),
		SUPABASE_URL: '',
		RATE_LIMIT_PER_HOUR: '10000',
		OUTBOX_DIR: path.join(root, 'outbox'),
	};
	// What a build leaves behind: an owner started on demand, exiting after 3 s unused. The
	// build's own connection stays open until npm start is up (as when npm start runs the build).
	onDemand = await startScript(
		['scripts/db-server.ts', '--idle-exit', '3'],
		env,
		'embedded database ready',
	);
	const build = connectEmbedded(embeddedDbUrl(embeddedDbConfig(env)));
	await build`select 1`;
	site = await startScript(['scripts/start.ts', '--no-build'], env, 'site ready');
	await build.end({ timeout: 5 });
}, 90_000);

afterAll(async () => {
	if (site) await stopProcess(site.child, 'SIGKILL');
	if (onDemand) await stopProcess(onDemand.child, 'SIGKILL');
	await rm(root, { recursive: true, force: true });
});

it('keeps answering after the on-demand database would have exited, and after it dies', async () => {
	expect(await subscribe('before-idle@example.com')).toBe(200);
	await sleep(6000);
	expect(onDemand!.child.exitCode).toBeNull();
	expect(await subscribe('after-idle@example.com')).toBe(200);

	// The owner dies without a word: npm start starts its own, the functions reconnect.
	await stopProcess(onDemand!.child, 'SIGKILL');
	const deadline = Date.now() + 30_000;
	let status = 0;
	for (let i = 0; status !== 200 && Date.now() < deadline; i++) {
		status = await subscribe(`recovery-${i}@example.com`);
		if (status !== 200) {
			expect(status).toBe(503);
			await sleep(250);
		}
	}
	expect(status).toBe(200);
	expect(await subscribe('after-recovery@example.com')).toBe(200);

	// The owner npm start started runs with the owner's V8 flags and allocator (record 0026).
	const owner = processTreeRss(site!.child.pid!).pids.find((pid) =>
		procText(pid, 'cmdline').includes('db-owner'),
	);
	expect(owner).toBeDefined();
	const args = procText(owner!, 'cmdline').split('\0');
	expect(args.slice(1, 1 + DATABASE_OWNER_NODE_FLAGS.length)).toEqual(DATABASE_OWNER_NODE_FLAGS);
	expect(procText(owner!, 'environ').split('\0')).toContain(
		`GLIBC_TUNABLES=${DATABASE_OWNER_MALLOC}`,
	);
}, 60_000);

const procText = (pid: number, file: string) => {
	try {
		return readFileSync(`/proc/${pid}/${file}`, 'utf8');
	} catch {
		return '';
	}
};

it('on SIGTERM answers the request in flight, then closes the database: no lock left', async () => {
	// A post whose body is still arriving when the signal comes.
	let send!: (text: string) => void;
	let end!: () => void;
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			send = (text) => controller.enqueue(new TextEncoder().encode(text));
			end = () => controller.close();
		},
	});
	const inFlight = fetch(`${base}/.netlify/functions/subscribe`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body,
		duplex: 'half',
	} as RequestInit);
	send('{"email": "in-flight');
	await sleep(300);
	const exited = stopProcess(site!.child, 'SIGTERM');
	await sleep(300);
	send('@example.com"}');
	end();
	const response = await inFlight;
	expect(response.status).toBe(200);
	stored.push('in-flight@example.com');
	expect(await exited).toBe(0);
	site = undefined;
	expect(existsSync(`${env.EMBEDDED_DB_DIR}.lock`)).toBe(false);

	// The next start opens the directory at once, with every acknowledged row exactly once.
	const started = performance.now();
	onDemand = await startScript(['scripts/db-server.ts'], env, 'embedded database ready');
	expect(performance.now() - started).toBeLessThan(20_000);
	const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(env)));
	try {
		const rows = await sql<{ email: string }[]>`select email from newsletter_subscribers`;
		expect(rows.map((row) => row.email).sort()).toEqual([...stored].sort());
	} finally {
		await sql.end({ timeout: 5 });
	}
}, 60_000);
