// `npm run editor -- check-links` as an editor runs it, on a real embedded database, against
// real servers on loopback: answers of 200, a redirect within a site and to another site, 403,
// 404, 410, a redirect loop, a connection that never answers, a self-signed certificate and a
// host that does not exist. Tool addresses need public host names (a database rule), so the
// editor process resolves `*.test` to 127.0.0.1 (tests/editor/loopback-dns.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv } from './cli.ts';

let db: TestDb;
let env: Record<string, string>;
let dir: string;
const servers: (http.Server | net.Server)[] = [];
/** Requests under way, overall and per host name, and the most seen at once. */
const load = { now: 0, max: 0, byHost: new Map<string, number>(), maxPerHost: 0 };
let goneStatus = 410;

const listen = async <T extends http.Server | net.Server>(server: T) => {
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return (server.address() as AddressInfo).port;
};
const started = (host: string) => {
	load.now++;
	load.max = Math.max(load.max, load.now);
	const onHost = (load.byHost.get(host) ?? 0) + 1;
	load.byHost.set(host, onHost);
	load.maxPerHost = Math.max(load.maxPerHost, onHost);
	return () => {
		load.now--;
		load.byHost.set(host, load.byHost.get(host)! - 1);
	};
};

let web: number;
let stalled: number;
let insecure: number;
const at = (host: string, pathname = '/') => `http://${host}:${web}${pathname}`;

/** What each site answers: a status, and where it redirects. */
function answer(host: string, pathname: string): [number, string?] {
	if (host === 'steady.test') return pathname === '/missing' ? [404] : [200];
	if (host === 'www.steady.test') return [301, at('steady.test', '/')];
	if (host === 'plangrid.test') return [301, at('construction.autodesk.test', '/build')];
	if (host === 'construction.autodesk.test') return [200];
	if (host === 'gone.test') return [goneStatus];
	if (host === 'guarded.test') return [403];
	if (host === 'loop.test') return [302, '/'];
	return [500];
}

async function tool(name: string, url: string): Promise<number> {
	const [row] = await db.sql`insert into construction_apps (name, url, category)
		values (${name}, ${url}, 'field-management') returning id`;
	return Number(row.id);
}

async function link(a: number, b: number, sourceUrl: string) {
	await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
		values (${Math.min(a, b)}, ${Math.max(a, b)}, 'api', ${sourceUrl})`;
}

const checks = async (): Promise<Record<string, Record<string, unknown>>> =>
	Object.fromEntries(
		(await db.sql`select * from link_checks order by url`).map((row) => [row.url, row]),
	);

let ids: Record<string, number>;

beforeAll(async () => {
	db = await startTestDb();
	dir = await mkdtemp(path.join(os.tmpdir(), 'contech-links-'));
	execFileSync('openssl', [
		'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
		'-subj', '/CN=insecure.test', '-days', '1',
		'-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
	], { stdio: 'ignore' }); // prettier-ignore
	web = await listen(
		http.createServer((request, response) => {
			const host = request.headers.host!.replace(/:\d+$/, '');
			const done = started(host);
			response.on('close', done);
			const [status, location] = answer(host, new URL(request.url!, 'http://x').pathname);
			// A little latency, so requests under way overlap as they do on the internet.
			setTimeout(() => response.writeHead(status, location ? { location } : {}).end('page'), 40);
		}),
	);
	stalled = await listen(
		// Reads the request and never answers. (A request, not a connection, counts as under
		// way: after an abort undici opens and at once closes one more connection.)
		net.createServer((socket) => {
			socket.once('data', () => socket.on('close', started('stalled.test')));
			socket.on('error', () => {});
		}),
	);
	insecure = await listen(
		https.createServer(
			{
				key: await readFile(path.join(dir, 'key.pem')),
				cert: await readFile(path.join(dir, 'cert.pem')),
			},
			(_request, response) => response.end('reached'),
		),
	);

	// Only this test's tools are live: the sample catalogue's addresses are on the internet.
	await db.sql`update construction_apps set status = 'unpublished'`;
	ids = {
		steady: await tool('Steady', at('steady.test')),
		oldSteady: await tool('Old Steady', at('www.steady.test', '/old')),
		planGrid: await tool('PlanGrid', at('plangrid.test')),
		gone: await tool('Gone Tool', at('gone.test')),
		guarded: await tool('Guarded', at('guarded.test')),
		loop: await tool('Loop', at('loop.test')),
		stalled: await tool('Stalled', `http://stalled.test:${stalled}/`),
		insecure: await tool('Insecure', `https://insecure.test:${insecure}/`),
		dead: await tool('Dead Vendor', 'https://dead-vendor.invalid/'),
	};
	await link(ids.steady, ids.planGrid, at('steady.test', '/missing'));
	await link(ids.steady, ids.gone, at('steady.test', '/a'));
	await link(ids.steady, ids.guarded, at('steady.test', '/b'));
	const [hidden] =
		await db.sql`select id from construction_apps where status = 'unpublished' limit 1`;
	await link(ids.steady, Number(hidden.id), at('steady.test', '/never-checked'));
	await db.sql`insert into tool_facts (tool_id, fact, value, source_url)
		values (${ids.steady}, 'offline', '{full}', ${at('steady.test', '/c')}),
			(${hidden.id}, 'offline', '{none}', ${at('steady.test', '/hidden-fact')})`;

	env = editorEnv(db, {
		OUTBOUND_TIMEOUT_MS: '1000',
		SITE_URL: 'http://127.0.0.1:9',
		// The tests' servers are on loopback: an allowance production configuration refuses.
		OUTBOUND_ALLOW_LOOPBACK: '1',
		NODE_OPTIONS: `--import=${pathToFileURL(path.resolve('tests/editor/loopback-dns.mjs')).href}`,
	});
});

afterAll(async () => {
	for (const server of servers) {
		(server as http.Server).closeAllConnections?.();
		server.close();
	}
	await db?.stop();
	if (dir) await rm(dir, { recursive: true, force: true });
});

describe('check-links', () => {
	it('says there is no report before the first check', async () => {
		const { code, stderr } = await editor(['check-links', '--report'], env);
		expect(code).toBe(3);
		expect(stderr).toContain('No check yet');
	});

	it('refuses a wrong option', async () => {
		const { code, stderr } = await editor(['check-links', '--concurrency', '0'], env);
		expect(code).toBe(2);
		expect(stderr).toContain('--concurrency');
	});

	it('records nothing when not one address answers (the machine is offline)', async () => {
		const ours = Object.values(ids);
		await db.sql`update construction_apps set status = 'unpublished' where id = any(${ours})`;
		const offline: number[] = [];
		for (let n = 1; n <= 5; n++)
			offline.push(await tool(`Offline ${n}`, `https://offline-${n}.invalid/`));
		try {
			const { code, stderr } = await editor(['check-links'], env);
			expect(stderr).toContain('None of the 5 addresses answered (no such host (DNS), …)');
			expect(code).toBe(1);
			expect(await checks()).toEqual({});
		} finally {
			await db.sql`delete from construction_apps where id = any(${offline})`;
			await db.sql`update construction_apps set status = 'live' where id = any(${ours})`;
		}
	});

	it('classifies every address the site links to, within its limits, and keeps the answers', async () => {
		const { code, stdout } = await editor(['check-links', '--concurrency', '2'], env);
		expect(stdout).toContain(
			'Checked 13 of 13 links in', // 9 tools' addresses, 3 integration sources, 1 fact source
		);
		expect(code).toBe(8);
		const rows = await checks();
		const seen = (url: string) => {
			const { status, http_status, final_url, detail } = rows[url] ?? {};
			return { status, http_status, final_url, detail };
		};
		expect(seen(at('steady.test'))).toEqual({ status: 'ok', http_status: 200, final_url: null, detail: null }); // prettier-ignore
		expect(seen(at('www.steady.test', '/old'))).toEqual({ status: 'ok', http_status: 200, final_url: at('steady.test'), detail: null }); // prettier-ignore
		expect(seen(at('plangrid.test'))).toEqual({ status: 'moved', http_status: 200, final_url: at('construction.autodesk.test', '/build'), detail: 'now on another site (construction.autodesk.test)' }); // prettier-ignore
		expect(seen(at('gone.test'))).toEqual({ status: 'broken', http_status: 410, final_url: null, detail: 'HTTP 410 Gone' }); // prettier-ignore
		expect(seen(at('steady.test', '/missing'))).toEqual({ status: 'broken', http_status: 404, final_url: null, detail: 'HTTP 404 Not Found' }); // prettier-ignore
		expect(seen(at('guarded.test'))).toEqual({ status: 'ok', http_status: 403, final_url: null, detail: 'HTTP 403 Forbidden: the site refuses automated checks' }); // prettier-ignore
		expect(seen(at('loop.test'))).toEqual({ status: 'broken', http_status: 302, final_url: at('loop.test'), detail: 'more than 10 redirects' }); // prettier-ignore
		expect(seen(`http://stalled.test:${stalled}/`)).toEqual({ status: 'broken', http_status: null, final_url: null, detail: 'no answer within 1 s' }); // prettier-ignore
		expect(seen(`https://insecure.test:${insecure}/`)).toEqual({ status: 'broken', http_status: null, final_url: null, detail: 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)' }); // prettier-ignore
		expect(seen('https://dead-vendor.invalid/')).toEqual({ status: 'broken', http_status: null, final_url: null, detail: 'no such host (DNS)' }); // prettier-ignore
		expect(seen(at('steady.test', '/c'))).toMatchObject({ status: 'ok' }); // a fact's source
		// Unpublished tools, and sources of what only they show, are not the site's links.
		expect(Object.keys(rows)).toHaveLength(13);
		expect(rows[at('steady.test', '/never-checked')]).toBeUndefined();
		expect(rows[at('steady.test', '/hidden-fact')]).toBeUndefined();
		for (const row of Object.values(rows))
			expect(row.first_seen_failing === null).toBe(row.status === 'ok');
		// Two requests at once, never two on one site.
		expect(load.max).toBe(2);
		expect(load.maxPerHost).toBe(1);

		expect(stdout).toContain('6 broken, 1 moved');
		expect(stdout).toMatch(/moved\s+\d{4}-\d\d-\d\d \(1 check\)\s+http:\/\/plangrid\.test/);
		expect(stdout).toContain('PlanGrid (tool');
	});

	it('reports what is still broken or moved and since when, and forgets what came back', async () => {
		await db.sql`update link_checks set first_seen_failing = timestamptz '2026-11-01 09:00Z' where status <> 'ok'`;
		goneStatus = 200;
		await db.sql`update construction_apps set status = 'unpublished' where id = ${ids.loop}`;
		Object.assign(load, { max: 0, maxPerHost: 0 });
		const again = await editor(['check-links'], env);
		expect(again.code).toBe(8);
		// Eight sites at a time (the default), still never two requests on one site.
		expect(load.max).toBeGreaterThan(2);
		expect(load.maxPerHost).toBe(1);
		const rows = await checks();
		expect(rows[at('gone.test')]).toMatchObject({ status: 'ok', first_seen_failing: null, failed_checks: 0 }); // prettier-ignore
		expect(rows[at('steady.test', '/missing')]).toMatchObject({ status: 'broken', failed_checks: 2 }); // prettier-ignore
		expect(rows[at('steady.test', '/missing')].first_seen_failing).toEqual(new Date('2026-11-01T09:00:00Z')); // prettier-ignore
		expect(rows[at('loop.test')]).toBeUndefined(); // the site no longer links to it

		const { code, stdout } = await editor(['check-links', '--report'], env);
		expect(code).toBe(8);
		expect(stdout).toMatch(/broken\s+2026-11-01 \(2 checks\)\s+http:\/\/steady\.test:\d+\/missing\s+HTTP 404 Not Found\s+Steady – PlanGrid/); // prettier-ignore
		expect(stdout).toContain(at('construction.autodesk.test', '/build'));
		expect(stdout).not.toContain('gone.test');
		expect(stdout).toContain('4 broken, 1 moved');
	});

	it('without the tests’ allowance, requests nothing that resolves to this machine (record 0027)', async () => {
		const production = { ...env, OUTBOUND_ALLOW_LOOPBACK: '' };
		Object.assign(load, { now: 0, max: 0, maxPerHost: 0 });
		const { code } = await editor(['check-links'], production);
		expect(code).toBe(8);
		expect(load.max).toBe(0); // not one request reached the servers
		const rows = await checks();
		expect(rows[at('steady.test')]).toMatchObject({ status: 'broken', http_status: null });
		expect(rows[at('steady.test')].detail).toMatch(
			/^refused: steady\.test resolves to 127\.0\.0\.1/,
		);
		expect(rows['https://dead-vendor.invalid/'].detail).toBe('no such host (DNS)');
	});

	it('keeps the results from the public: anon reads and runs none of it', async () => {
		for (const query of ['select * from link_checks', 'select * from public.link_check_status()'])
			await expect(
				db.sql.begin(async (tx) => {
					await tx`set local role anon`;
					await tx.unsafe(query);
				}),
			).rejects.toThrow(/permission denied/);
	});
});
