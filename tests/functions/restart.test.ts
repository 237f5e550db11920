// The rate limit lives in the database: it holds across a crash and restart of the embedded
// database's owner process, with the functions wired as in production (formDepsFromEnv).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { freePort } from '../helpers/free-port.ts';
import { postJson } from './harness.ts';

const PATH = '/.netlify/functions/subscribe';
let root: string;
let env: NodeJS.ProcessEnv;
let owner: ChildProcess | undefined;

/**
 * Starts `scripts/db-server.ts` (what `npm start` runs) on the test's directory and port, in
 * Node itself with tsx's loader (the tsx command would be a wrapper a SIGKILL does not reach).
 */
async function startOwner(): Promise<ChildProcess> {
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	await new Promise<void>((resolve, reject) => {
		let output = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			if (output.includes('embedded database ready')) resolve();
		});
		child.once('exit', (code) => reject(new Error(`db-server exited with ${code}: ${output}`)));
	});
	return child;
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		child.once('exit', () => resolve());
		child.kill(signal);
	});
}

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-restart-'));
	env = {
		EMBEDDED_DB_DIR: path.join(root, 'pglite'),
		EMBEDDED_DB_PORT: String(await freePort()),
		SUPABASE_URL: '',
		RATE_LIMIT_PER_HOUR: '2',
		RATE_LIMIT_SALT: 'restart-test-salt',
		NEWSLETTER_SECRET: 'restart-test-newsletter-secret-0123456789',
		OUTBOX_DIR: path.join(root, 'outbox'),
	};
	owner = await startOwner();
});
afterAll(async () => {
	if (owner) await kill(owner, 'SIGTERM');
	await rm(root, { recursive: true, force: true });
});

it('keeps counting across a crash of the database owner: still 429, nothing stored', async () => {
	const handle = createSubscribeHandler(
		{ ...formDepsFromEnv(env), logError: () => {} },
		doubleOptIn(newsletterDepsFromEnv(env)),
	);
	const ip = '192.0.2.10';
	const subscribe = (email: string) => handle(postJson(PATH, { email }), { ip });
	expect((await subscribe('first@example.com')).status).toBe(200);
	expect((await subscribe('second@example.com')).status).toBe(200);
	expect((await subscribe('third@example.com')).status).toBe(429);

	// No clean shutdown: whatever the owner acknowledged must already be on disk.
	await kill(owner!, 'SIGKILL');
	const down = await subscribe('down@example.com');
	expect(down.status).toBe(503);
	expect((await down.json()).error.code).toBe('store_unavailable');

	owner = await startOwner();
	const blocked = await subscribe('fourth@example.com');
	expect(blocked.status).toBe(429);
	expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
	expect((await blocked.json()).error.code).toBe('rate_limited');
	// Another visitor is not affected.
	expect(
		(await handle(postJson(PATH, { email: 'other@example.com' }), { ip: '192.0.2.11' })).status,
	).toBe(200);

	const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(env)));
	try {
		const rows = await sql`select email from newsletter_subscribers order by id`;
		expect(rows.map((row) => row.email)).toEqual([
			'first@example.com',
			'second@example.com',
			'other@example.com',
		]);
		const [hits] = await sql`select sum(hits)::int as n from rate_limits
			where bucket = 'subscribe' and client_hash <> 'all-clients-of-this-form'`;
		expect(hits.n).toBe(5);
	} finally {
		await sql.end({ timeout: 5 });
	}
}, 60_000);
