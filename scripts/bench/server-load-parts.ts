// Figures, helpers and the markdown section of the `npm start` load benchmark (server-load.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { verdict, table } from './markdown.ts';
import type { FunctionsOutcome } from './functions.ts';
import { mb, median, ms, percentile } from './stats.ts';

export interface LoadRun {
	requests: number;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
	transportErrors: number;
	status5xx: number;
	non2xx: number;
	acknowledged: { subscribe: number; submit: number };
	rows: { subscribe: number; submit: number };
	/** Stored bodies whose answer the end of the run cut off (at most one per client). */
	unanswered: number;
	/** Bodies stored more than once (each request's body is unique). */
	duplicates: number;
	/** 1-minute load average after the run: above 2, other work shared the two cores. */
	loadAverage: number;
	/** Resident memory of npm start's process tree after the run, whole and by process. */
	rss: TreeRss;
}

/** VmRSS of `npm start`'s processes: the server, its database owner, and any helpers. */
export interface TreeRss {
	total: number;
	server: number;
	databaseOwner: number;
	/** Everything else in the tree (tsx's esbuild service processes). */
	other: number;
}

export interface ServerLoad {
	seconds: number;
	clients: number;
	atRest: { functionMs: number[]; homeMs: number[]; homeEncoding: string };
	runs: LoadRun[];
}

export const LOAD_BUDGETS = {
	perSecond: 300,
	p99Ms: 250,
	functionAtRestP50Ms: 15,
	homeP50Ms: 5,
	memoryGrowth: 0.1,
};

/** Latencies of `count` requests made one after another (bodies read in full). */
export async function sequentialLatencies(
	count: number,
	send: (i: number) => Promise<Response>,
): Promise<number[]> {
	const latencies: number[] = [];
	for (let i = 0; i < count; i++) {
		const started = performance.now();
		const response = await send(i);
		await response.arrayBuffer();
		if (!response.ok) throw new Error(`at rest: ${response.status} ${response.url}`);
		latencies.push(performance.now() - started);
	}
	return latencies.slice(10); // the first few open connections and fill caches
}

const readProc = (pid: number, file: string) => {
	try {
		return readFileSync(`/proc/${pid}/${file}`, 'utf8');
	} catch {
		return null; // The process ended while listing.
	}
};

/**
 * VmRSS of `pid` (the server) and all its descendants, from /proc, each process read the same
 * way after every run; the database owner is the descendant running `db-owner.ts`.
 */
export function processTreeRss(pid: number): TreeRss {
	const parents = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readProc(Number(entry), 'stat');
		if (stat)
			parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
	}
	const tree = new Set([pid]);
	for (let grew = true; grew;) {
		grew = false;
		for (const [child, parent] of parents)
			if (tree.has(parent) && !tree.has(child)) grew = tree.add(child) !== undefined;
	}
	const rss: TreeRss = { total: 0, server: 0, databaseOwner: 0, other: 0 };
	for (const member of tree) {
		const status = readProc(member, 'status');
		const bytes = Number(/VmRSS:\s+(\d+) kB/.exec(status ?? '')?.[1] ?? 0) * 1024;
		rss.total += bytes;
		if (member === pid) rss.server += bytes;
		else if (readProc(member, 'cmdline')?.includes('db-owner.ts')) rss.databaseOwner += bytes;
		else rss.other += bytes;
	}
	return rss;
}

const exact = (run: LoadRun, clients: number) =>
	run.rows.subscribe === run.acknowledged.subscribe &&
	run.rows.submit === run.acknowledged.submit &&
	run.duplicates === 0 &&
	run.unanswered <= clients;

/** The report's section: budgets first, then each run. */
export function renderServerLoad(load: ServerLoad, handlerOnly?: string): string {
	const [first, second] = load.runs;
	const worst = (pick: (run: LoadRun) => number, max: boolean) =>
		(max ? Math.max : Math.min)(...load.runs.map(pick));
	const growth = second ? (second.rss.total - first.rss.total) / first.rss.total : NaN;
	const functionP50 = median(load.atRest.functionMs);
	const homeP50 = median(load.atRest.homeMs);
	const budgets = table(
		['budget (issue 15)', 'measured', 'verdict'],
		[
			[
				'0 transport errors, 0 answers 5xx',
				`${worst((r) => r.transportErrors, true)} / ${worst((r) => r.status5xx, true)}`,
				verdict(load.runs.every((r) => r.transportErrors === 0 && r.status5xx === 0)),
			],
			[
				'each acknowledged request stored exactly once',
				load.runs.every((run) => exact(run, load.clients)) ? 'yes' : 'no',
				verdict(load.runs.every((run) => exact(run, load.clients))),
			],
			[
				`≥ ${LOAD_BUDGETS.perSecond} requests/s`,
				`${worst((r) => r.perSecond, false).toFixed(0)}/s`,
				verdict(worst((r) => r.perSecond, false) >= LOAD_BUDGETS.perSecond),
			],
			[
				`p99 ≤ ${LOAD_BUDGETS.p99Ms} ms`,
				ms(
					worst((r) => r.p99Ms, true),
					0,
				),
				verdict(worst((r) => r.p99Ms, true) <= LOAD_BUDGETS.p99Ms),
			],
			[
				`one function call at rest, p50 ≤ ${LOAD_BUDGETS.functionAtRestP50Ms} ms`,
				ms(functionP50),
				verdict(functionP50 <= LOAD_BUDGETS.functionAtRestP50Ms),
			],
			[
				`home page compressed, p50 ≤ ${LOAD_BUDGETS.homeP50Ms} ms`,
				`${ms(homeP50)} (${load.atRest.homeEncoding})`,
				verdict(homeP50 <= LOAD_BUDGETS.homeP50Ms && load.atRest.homeEncoding !== 'none'),
			],
			[
				'memory after the load grows ≤ 10% run to run',
				second
					? `${mb(first.rss.total)} → ${mb(second.rss.total)} (${(growth * 100).toFixed(1)}%); server ${mb(first.rss.server)} → ${mb(second.rss.server)}, database owner ${mb(first.rss.databaseOwner)} → ${mb(second.rss.databaseOwner)}`
					: `${mb(first.rss.total)} → n/a`,
				verdict(Number.isFinite(growth) ? growth <= LOAD_BUDGETS.memoryGrowth : null),
			],
		],
	);
	const runs = table(
		[
			'run',
			'requests',
			'per second',
			'p50',
			'p99',
			'errors',
			'5xx',
			'non-2xx',
			'acknowledged (sign-ups / submissions)',
			'their rows',
			'cut off at the stop, stored',
			'duplicates',
			'RSS whole (server / db owner / other)',
			'load avg',
		],
		load.runs.map((r, i) => [
			i + 1,
			r.requests,
			r.perSecond.toFixed(0),
			ms(r.p50Ms, 0),
			ms(r.p99Ms, 0),
			r.transportErrors,
			r.status5xx,
			r.non2xx,
			`${r.acknowledged.subscribe} / ${r.acknowledged.submit}`,
			`${r.rows.subscribe} / ${r.rows.submit}`,
			r.unanswered,
			r.duplicates,
			`${mb(r.rss.total)} (${mb(r.rss.server)} / ${mb(r.rss.databaseOwner)} / ${mb(r.rss.other)})`,
			r.loadAverage.toFixed(1),
		]),
	);
	return [
		`## npm start under load (${load.clients} clients × ${load.seconds} s, twice)`,
		'',
		'`npm start` (scripts/start.ts: its own database owner, a fresh build) on loopback; autocannon in the benchmark process, each client alternating a sign-up and a submission with a unique address, rate limit raised (every client is 127.0.0.1). Rows counted after each run. At rest: 190 sequential calls each after 10 untimed.',
		'',
		budgets,
		'',
		runs,
		...(handlerOnly ? ['', `Handler only (no HTTP, same machine): ${handlerOnly}.`] : []),
	].join('\n');
}

/** The handler-only figures of the same benchmark run (functions.ts), to set beside the load. */
export function handlerOnlySummary(outcomes: FunctionsOutcome[]): string | undefined {
	const parts = outcomes.flatMap((outcome) =>
		outcome.status === 'measured'
			? outcome.results.map(
					(r) =>
						`${r.name} ${r.concurrency} at a time ${((r.requests / r.wallMs) * 1000).toFixed(0)}/s, p99 ${ms(percentile(r.latenciesMs, 99))}`,
				)
			: [],
	);
	return parts.length ? parts.join('; ') : undefined;
}
