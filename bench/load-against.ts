// `npm start` under load beside an earlier commit, in one sitting (record 0026): this machine's
// speed moves by half from one hour to the next, so a regression shows as a ratio of figures
// taken minutes apart, alternating the two, never as a number beside last week's.
import { benchServerLoad } from './server-load.ts';
import type { LoadRun, ServerLoad } from './server-load-parts.ts';
import { siteSource } from './source.ts';
import { median } from './stats.ts';
import { table } from './markdown.ts';

export interface LoadBeside {
	ref: string;
	/** This tree's and the earlier commit's loads, in the order they ran (alternating). */
	here: ServerLoad[];
	there: ServerLoad[];
}

const runsOf = (loads: ServerLoad[]) => loads.flatMap((load) => load.runs);

/**
 * Runs the load check on `hereDir` and on a clean copy of `ref`, alternating, `rounds` times
 * each (every check is two runs of `seconds` on a fresh `npm start`).
 */
export async function loadBeside(
	hereDir: string,
	ref: string,
	seconds: number,
	rounds: number,
	log: (message: string) => void,
): Promise<LoadBeside> {
	const other = await siteSource(ref);
	const result: LoadBeside = { ref: other.description, here: [], there: [] };
	try {
		for (let round = 0; round < rounds; round++) {
			// The earlier commit first in odd rounds, second in even ones.
			const order = round % 2 === 0 ? (['there', 'here'] as const) : (['here', 'there'] as const);
			for (const side of order) {
				log(`load beside ${ref}: round ${round + 1}, ${side === 'here' ? 'this tree' : ref}`);
				result[side].push(await benchServerLoad(side === 'here' ? hereDir : other.dir, seconds));
			}
		}
	} finally {
		await other.dispose();
	}
	return result;
}

/** The markdown section: each run, both medians, and this tree's over the earlier commit's. */
export function renderLoadBeside({ ref, here, there }: LoadBeside): string {
	const line = (who: string, runs: LoadRun[]) => [
		who,
		runs.map((run) => run.perSecond.toFixed(0)).join(', '),
		median(runs.map((run) => run.perSecond)).toFixed(0),
		runs.map((run) => run.p99Ms.toFixed(0)).join(', '),
		median(runs.map((run) => run.p99Ms)).toFixed(0),
		median(runs.map((run) => run.loadAverage)).toFixed(1),
	];
	const [a, b] = [runsOf(here), runsOf(there)];
	const ratio = (pick: (run: LoadRun) => number) =>
		(median(a.map(pick)) / median(b.map(pick))).toFixed(2);
	return [
		`## npm start under load beside ${ref}`,
		'',
		`Alternating, in one sitting: ${here.length} checks each, two runs of ${here[0]?.seconds ?? 0} s per check.`,
		'',
		table(
			['code', 'requests/s per run', 'median', 'p99 ms per run', 'median', 'load average'],
			[line('this tree', a), line(ref, b)],
		),
		'',
		`This tree over the earlier commit: requests/s ×${ratio((run) => run.perSecond)}, p99 ×${ratio((run) => run.p99Ms)}.`,
	].join('\n');
}
