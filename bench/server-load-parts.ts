// Figures, helpers and the markdown section of the `npm start` load benchmark (server-load.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { BUDGETS, LOAD_CHECKS } from './budgets.ts';
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

/** What each process of `npm start`'s tree is, from its command line. */
export const PROCESS_ROLES = [
	'npm',
	'shell',
	'tsx wrapper',
	'server',
	'database owner',
	'esbuild (tsx)',
	'other',
] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** VmRSS of `npm start`'s processes: all of them, and by role. */
export interface TreeRss {
	total: number;
	byRole: Partial<Record<ProcessRole, number>>;
	pids: number[];
}

export interface ServerLoad {
	/** What was started and measured, as a person types it. */
	command: string;
	seconds: number;
	clients: number;
	/** The tree once started, before any request (settled for a few seconds). */
	atRestRss: TreeRss;
	atRest: { functionMs: number[]; homeMs: number[]; homeEncoding: string };
	runs: LoadRun[];
}

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

function roleOf(pid: number, root: number): ProcessRole {
	const command = (readProc(pid, 'cmdline') ?? '').replaceAll('\0', ' ');
	if (pid === root && /^npm\b/.test(command)) return 'npm';
	if (/^(\/bin\/)?sh /.test(command)) return 'shell';
	if (/tsx\/dist\/cli|\.bin\/tsx /.test(command)) return 'tsx wrapper';
	if (command.includes('db-owner.ts')) return 'database owner';
	if (command.includes('scripts/start.ts')) return 'server';
	if (command.includes('esbuild')) return 'esbuild (tsx)';
	return 'other';
}

/**
 * VmRSS of `pid` and all its descendants, from /proc, each process read the same way at every
 * point measured. With `npm start` as the root, npm's own process counts: the budget is the
 * memory a person's `npm start` holds (record 0012).
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
	const rss: TreeRss = { total: 0, byRole: {}, pids: [] };
	for (const member of tree) {
		const status = readProc(member, 'status');
		if (!status) continue;
		const bytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
		const role = roleOf(member, pid);
		rss.total += bytes;
		rss.byRole[role] = (rss.byRole[role] ?? 0) + bytes;
		rss.pids.push(member);
	}
	return rss;
}

/** "412.3 MB: npm 57.1, server 140.2, …", roles in a fixed order. */
export function rssByRole(rss: TreeRss): string {
	const parts = PROCESS_ROLES.filter((role) => rss.byRole[role]).map(
		(role) => `${role} ${(rss.byRole[role]! / 1e6).toFixed(1)}`,
	);
	return `${mb(rss.total)} (${parts.join(', ')})`;
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
	const afterLoad = worst((r) => r.rss.total, true);
	const { load: budget, memory } = BUDGETS;
	const budgets = table(
		['budget (docs/design.md)', 'measured', 'verdict'],
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
				`≥ ${budget.perSecond} requests/s`,
				`${worst((r) => r.perSecond, false).toFixed(0)}/s`,
				verdict(worst((r) => r.perSecond, false) >= budget.perSecond),
			],
			[
				`p99 ≤ ${budget.p99Ms} ms`,
				ms(
					worst((r) => r.p99Ms, true),
					0,
				),
				verdict(worst((r) => r.p99Ms, true) <= budget.p99Ms),
			],
			[
				`one function call at rest, p50 ≤ ${budget.functionAtRestP50Ms} ms`,
				ms(functionP50),
				verdict(functionP50 <= budget.functionAtRestP50Ms),
			],
			[
				`memory of \`${load.command}\`, every process, at rest after the start ≤ ${mb(memory.atRestBytes)}`,
				rssByRole(load.atRestRss),
				verdict(load.atRestRss.total <= memory.atRestBytes),
			],
			[
				`the same after each ${load.seconds} s load run ≤ ${mb(memory.afterLoadBytes)}`,
				load.runs.map((r) => rssByRole(r.rss)).join('; '),
				verdict(load.seconds >= 60 ? afterLoad <= memory.afterLoadBytes : null) +
					(load.seconds < 60
						? ` (runs of ${load.seconds} s, not the budget's 60: ${afterLoad <= memory.afterLoadBytes ? 'within' : 'over'} it)`
						: ''),
			],
			[
				`check (record 0012): home page compressed, p50 ≤ ${LOAD_CHECKS.homeP50Ms} ms`,
				`${ms(homeP50)} (${load.atRest.homeEncoding})`,
				verdict(homeP50 <= LOAD_CHECKS.homeP50Ms && load.atRest.homeEncoding !== 'none'),
			],
			[
				`check (record 0012): memory grows ≤ ${LOAD_CHECKS.memoryGrowth * 100}% from run to run`,
				second
					? `${mb(first.rss.total)} → ${mb(second.rss.total)} (${(growth * 100).toFixed(1)}%)`
					: `${mb(first.rss.total)} → n/a`,
				verdict(Number.isFinite(growth) ? growth <= LOAD_CHECKS.memoryGrowth : null),
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
			r.loadAverage.toFixed(1),
		]),
	);
	return [
		`## npm start under load (${load.clients} clients × ${load.seconds} s, twice)`,
		'',
		`\`${load.command}\` as a person runs it (its own database owner, a fresh build; npm's own process counted) on loopback; autocannon in the benchmark process, each client alternating a sign-up and a submission with a unique address, rate limit raised (every client is 127.0.0.1). Rows counted after each run. Memory: VmRSS of every process in npm's tree, read from /proc 5 s after "site ready" (before any request) and after each run, in MB by process. At rest: 190 sequential calls each after 10 untimed.`,
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
