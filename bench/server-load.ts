// The load figure of record 0012: `npm start` (as a person runs it, npm included: a fresh database
// and build) over HTTP on loopback, 50 clients alternating sign-ups and submissions with unique
// addresses for `seconds`, twice (memory must not grow between the runs), then the rows counted
// exactly. Also the memory of every process at rest after the start, one function call and the
// compressed home page at rest. Standalone:
// `node_modules/.bin/tsx scripts/bench/server-load.ts [seconds]` prints the markdown.
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { embeddedDbConfig, embeddedDbUrl } from '../src/lib/embedded-db/config.server.ts';
import { connectEmbedded } from '../src/lib/store/embedded.server.ts';
import { startNpmStart, stopGroup } from '../tests/helpers/processes.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import {
	processTreeRss,
	sequentialLatencies,
	type LoadRun,
	type ServerLoad,
} from './server-load-parts.ts';

export type { ServerLoad } from './server-load-parts.ts';
import { handlerOnlySummary, renderServerLoad } from './server-load-parts.ts';
export { handlerOnlySummary, renderServerLoad };

const CLIENTS = 50;
/** After "site ready": the home and 404 pages' best compression runs in the background. */
const SETTLE_MS = 5_000;

type Kind = 'subscribe' | 'submit';
const email = (runId: string, i: number) => `load-${runId}-${i}@example.com`;
const toolName = (runId: string, i: number) => `Load Tool ${runId} ${i}`;

/** One load run; `ids` gets the number of every body whose 200 answer a client received. */
async function loadRun(
	base: string,
	seconds: number,
	runId: string,
	ids: Record<Kind, number[]>,
): Promise<LoadRun> {
	let next = 0;
	const request = (name: Kind, body: (i: number) => object) => ({
		method: 'POST' as const,
		path: `/.netlify/functions/${name}`,
		headers: { 'content-type': 'application/json' },
		// One request at a time per connection: the context holds the body's number until its answer.
		setupRequest: (req: autocannon.Request, context: object) => {
			const slot = context as { id: number };
			slot.id = next++;
			return { ...req, body: JSON.stringify(body(slot.id)) };
		},
		onResponse: (status: number, text: string, context: object) => {
			if (status === 200 && text.includes('"ok":true'))
				ids[name].push((context as { id: number }).id);
		},
	});
	const result = await autocannon({
		url: base,
		connections: CLIENTS,
		duration: seconds,
		timeout: 10,
		requests: [
			request('subscribe', (i) => ({ email: email(runId, i) })),
			request('submit', (i) => ({
				name: toolName(runId, i),
				url: `https://load-${runId}-${i}.example.com/`,
			})),
		],
	});
	return {
		requests: result.requests.total,
		perSecond: result.requests.total / (result.duration || seconds),
		p50Ms: result.latency.p50,
		p99Ms: result.latency.p99,
		transportErrors: result.errors + result.timeouts,
		status5xx: result['5xx'],
		non2xx: result.non2xx,
		acknowledged: { subscribe: ids.subscribe.length, submit: ids.submit.length },
		rows: { subscribe: 0, submit: 0 },
		unanswered: 0,
		duplicates: 0,
		rss: { total: 0, byRole: {}, pids: [] },
		loadAverage: 0,
	};
}

export async function benchServerLoad(siteDir: string, seconds: number): Promise<ServerLoad> {
	const work = path.join(siteDir, '.data', `bench-load-${Date.now()}`);
	await mkdir(work, { recursive: true });
	const port = await freePort();
	const dbPort = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const env = {
		PORT: String(port),
		EMBEDDED_DB_DIR: path.join(work, 'pglite'),
		EMBEDDED_DB_PORT: String(dbPort),
		ASTRO_OUT_DIR: path.join(work, 'dist'),
		// Each sign-up's confirmation e-mail goes with the rest of the run, not into .data/outbox.
		OUTBOX_DIR: path.join(work, 'outbox'),
		SUPABASE_URL: '',
		// Every client is 127.0.0.1: the limit is raised so the load measures the work itself.
		RATE_LIMIT_PER_HOUR: '1000000',
	};
	// `npm start` itself, as a person types it: its memory budget counts every process.
	const site = await startNpmStart([], env, 'site ready', 300_000, siteDir);
	const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(env)), { max: 1 });
	let tree: number[] = [];
	try {
		// At rest: started, the home page's background compression done, no request yet.
		await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
		const atRestRss = processTreeRss(site.child.pid!);
		tree = atRestRss.pids;
		// The forms' ceiling for all clients together (record 0009) would refuse a load this size.
		await sql`update public.rate_limit_ceilings set max_hits = 1000000000`;
		const atRest = {
			functionMs: await sequentialLatencies(200, (i) =>
				fetch(`${base}/.netlify/functions/subscribe`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ email: `rest-${i}@example.com` }),
				}),
			),
			homeMs: await sequentialLatencies(200, () =>
				fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } }),
			),
			homeEncoding:
				(await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get(
					'content-encoding',
				) ?? 'none',
		};
		const runs: LoadRun[] = [];
		for (const label of ['a', 'b']) {
			const runId = `${Date.now().toString(36)}${label}`;
			const ids: Record<Kind, number[]> = { subscribe: [], submit: [] };
			const run = await loadRun(base, seconds, runId, ids);
			run.loadAverage = os.loadavg()[0];
			// Every acknowledged body stored, none twice; the stop may cut off answers to requests
			// already sent, whose rows exist without an acknowledgement ("unanswered").
			const [subscribers] = await sql`select
				count(*) filter (where email = any(${ids.subscribe.map((i) => email(runId, i))}))::int as acked,
				count(*)::int as n, count(distinct email)::int as d
				from public.newsletter_subscribers where email like ${`load-${runId}-%`}`;
			const [submissions] = await sql`select
				count(*) filter (where name = any(${ids.submit.map((i) => toolName(runId, i))}))::int as acked,
				count(*)::int as n, count(distinct name)::int as d
				from public.new_app_submissions where name like ${`Load Tool ${runId} %`}`;
			run.rows = { subscribe: subscribers.acked, submit: submissions.acked };
			run.unanswered = subscribers.n - subscribers.acked + (submissions.n - submissions.acked);
			run.duplicates = subscribers.n - subscribers.d + (submissions.n - submissions.d);
			run.rss = processTreeRss(site.child.pid!);
			runs.push(run);
		}
		return { command: 'npm start', seconds, clients: CLIENTS, atRestRss, atRest, runs };
	} finally {
		await sql.end({ timeout: 5 });
		// Ctrl-C in a terminal: SIGINT to the whole group. npm and its shell may exit before the
		// server has drained, so wait for every process of the tree.
		await stopGroup(site.child, 'SIGINT');
		const left = await processesGone(tree, 20_000);
		if (left.length || !site.output().includes('stopped'))
			console.error(`npm start did not stop cleanly:\n${site.output().slice(-2000)}`);
		await rm(work, { recursive: true, force: true });
	}
}

/** Waits until none of `pids` is running; returns those still there after `timeoutMs`. */
async function processesGone(pids: number[], timeoutMs: number): Promise<number[]> {
	const alive = () =>
		pids.filter((pid) => {
			try {
				process.kill(pid, 0);
				return true;
			} catch {
				return false;
			}
		});
	const deadline = Date.now() + timeoutMs;
	while (alive().length && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 200));
	return alive();
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
	const load = await benchServerLoad(process.cwd(), Number(process.argv[2] ?? 60));
	console.log(renderServerLoad(load));
}
