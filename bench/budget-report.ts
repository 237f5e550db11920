// Each figure of a benchmark run against its budget (bench/budgets.ts; the reasons: docs/design.md).
import { type Cell, count, secs, verdict } from './markdown.ts';
import { BUDGETS } from './budgets.ts';
import type { BenchRun, SizeResult } from './results.ts';
import type { PaintTimings, SearchLatency } from './browser.ts';
import { LONG_TASK_MS } from './trace.ts';
import { rssByRole, type ServerLoad } from './server-load-parts.ts';
import { kb, mb, median, ms, percentile } from './stats.ts';
import { stackBudgetRows } from './stack.ts';

/**
 * Marginal build cost (ms per extra tool) between consecutive sizes, in CPU time when GNU time
 * measured it: on a shared machine wall time also counts other people's work.
 */
export function marginalCosts(sizes: SizeResult[]): {
	basis: 'CPU' | 'wall';
	costs: { from: number; to: number; msPerTool: number }[];
} {
	const cpu = sizes.every((size) => size.build.cpuSeconds !== null);
	const cost = (size: SizeResult) => (cpu ? size.build.cpuSeconds! * 1000 : size.build.wallMs);
	const costs = sizes.slice(1).map((size, i) => ({
		from: sizes[i].tools,
		to: size.tools,
		msPerTool: (cost(size) - cost(sizes[i])) / (size.tools - sizes[i].tools),
	}));
	return { basis: cpu ? 'CPU' : 'wall', costs };
}

function linearity(sizes: SizeResult[]): { text: string; ok: boolean | null } {
	const { basis, costs } = marginalCosts(sizes);
	const steps = costs
		.map((c) => `${count(c.from)}→${count(c.to)}: ${c.msPerTool.toFixed(2)} ms/tool`)
		.join('; ');
	const text = `${basis} time ${steps}`;
	if (costs.length < 2)
		return { text: `${text} (two sizes cannot show a curve: run full mode)`, ok: null };
	const values = costs.map((c) => c.msPerTool);
	const ratio = Math.max(...values) / Math.min(...values);
	return {
		text: `${text} (${ratio.toFixed(2)}×)`,
		ok: ratio <= BUDGETS.linearTolerance,
	};
}

/**
 * The compare page's budget at every size: four tools of median size (what a visitor usually
 * compares), and the four largest files (hubs, whose partner lists grow with the catalogue).
 */
function compareRows(sizes: SizeResult[]): Cell[][] {
	const measured = sizes.filter((size) => size.compare);
	if (measured.length === 0) return [];
	const worst = (figure: (size: SizeResult) => number) => Math.max(...measured.map(figure));
	const typical = worst((size) => size.compare!.typicalGzip);
	const largest = worst((size) => size.compare!.largest.ownGzip);
	const budget = `React's chunk + ≤ ${kb(BUDGETS.compareOwnGzip)}`;
	const each = (figure: (size: SizeResult) => number) =>
		measured.map((size) => `${kb(figure(size))} at ${count(size.tools)}`).join(', ');
	return [
		[
			'Compare page, four tools of median size: own JS + their files (gzip)',
			budget,
			each((size) => size.compare!.typicalGzip),
			verdict(typical <= BUDGETS.compareOwnGzip),
		],
		[
			'Compare page, the four largest tool files (the most connected tools)',
			budget,
			each((size) => size.compare!.largest.ownGzip),
			verdict(largest <= BUDGETS.compareOwnGzip),
		],
	];
}

/** "p50 13.8 ms, p95 35.6 ms" of a typing pass, with the empty-page floor of the same run. */
function typingFigures(search: SearchLatency, floor: number[] | null): string {
	const floorText = floor
		? `; empty-page floor ${ms(median(floor))} / ${ms(percentile(floor, 95))}`
		: '';
	const stopped = search.stopped ? `; ${search.stopped}` : '';
	return `p50 ${ms(median(search.samples))}, p95 ${ms(percentile(search.samples, 95))} (${search.samples.length} keys, ${search.wrongResults} wrong${floorText}${stopped})`;
}

const typingMet = (search: SearchLatency) =>
	median(search.samples) <= BUDGETS.searchP50Ms &&
	percentile(search.samples, 95) <= BUDGETS.searchP95Ms &&
	search.wrongResults === 0 &&
	search.stopped === null;

/** "314 ms ParseHTML (parser chunk)": the longest tasks of a page load, what each was for. */
function longTasksText(paints: PaintTimings, over: number): string {
	const long = paints.longTasks.filter((task) => task.durationMs > over);
	if (!long.length)
		return paints.longTasks.length
			? `none over ${over} ms (longest ${ms(paints.longestTaskMs, 0)})`
			: `none over ${over} ms (none over ${LONG_TASK_MS} ms)`;
	return long
		.slice(0, 4)
		.map(
			(task) =>
				`${ms(task.durationMs, 0)} ${task.topLevel[0] ?? '?'}${task.parserChunk ? ' (parser chunk)' : ''}`,
		)
		.join(', ');
}

/** One row per budget of docs/design.md: what, budget, measured, met/missed. */
export function budgetRows(run: BenchRun): Cell[][] {
	const at = (tools: number) => run.sizes.find((size) => size.tools === tools);
	const build = at(BUDGETS.buildAt);
	const large = at(BUDGETS.searchAt);
	const small = at(BUDGETS.strictTasksAt);
	const search = large?.search ?? null;
	const allFilters = large?.searchAllFilters ?? null;
	const answers = large?.answerAfterPaintMs ?? null;
	const homeJs = Math.max(...run.sizes.map((s) => s.home.jsGzipTotal));
	const homeOwnJs = Math.max(...run.sizes.map((s) => s.home.jsGzipOwn));
	const reactJs = Math.max(...run.sizes.map((s) => s.home.jsGzipReact));
	const toolJs = Math.max(...run.sizes.map((s) => s.toolPage.jsGzipTotal));
	const perTool = Math.max(...run.sizes.map((s) => s.home.htmlGzip / s.tools));
	const once = run.sizes.every(
		(s) => s.home.cards === s.tools && s.home.distinctToolLinks === s.tools,
	);
	// Cards are what a visitor sees; other mentions (JSON-LD, say) only cost bytes.
	const mentions = Math.max(...run.sizes.map((s) => s.home.toolUrlMentions / s.tools));
	const line = linearity(run.sizes);
	const { longTaskMs } = BUDGETS;
	const rows: Cell[][] = [
		[
			"JavaScript on the home page: the site's own code (gzip)",
			`React's chunk + ≤ ${kb(BUDGETS.homeOwnJsGzip)}`,
			// KB here are 1,000 bytes (as in Chrome's network panel); KiB shown too (Lighthouse's unit).
			`${kb(homeOwnJs)} own + ${kb(reactJs)} React = ${kb(homeJs)} (${(homeJs / 1024).toFixed(1)} KiB)`,
			verdict(homeOwnJs <= BUDGETS.homeOwnJsGzip && reactJs > 0),
		],
		...compareRows(run.sizes),
		[
			'JavaScript on a tool page (no island)',
			'0 B',
			`${toolJs} B`,
			verdict(toolJs <= BUDGETS.islandlessJs),
		],
		[
			'Home HTML: each tool once (one card, one link)',
			'every size',
			`${once ? 'yes' : 'no'}; tool address written ${mentions.toFixed(1)}× per tool in all`,
			verdict(once),
		],
		[
			'Home HTML gzip per tool (worst size)',
			'≤ 250 B',
			`${perTool.toFixed(0)} B`,
			verdict(perTool <= BUDGETS.homeGzipPerTool),
		],
		...landscapeRows(run.sizes),
		[
			`Live search at ${count(BUDGETS.searchAt)} tools, keystroke to updated results`,
			`p50 ≤ ${BUDGETS.searchP50Ms} ms, p95 ≤ ${BUDGETS.searchP95Ms} ms`,
			search ? typingFigures(search, run.frameFloorMs) : 'not measured',
			verdict(search ? typingMet(search) : null),
		],
		[
			`Live search at ${count(BUDGETS.searchAt)} tools with every filter on${allFilters ? ` (\`${allFilters.filters}\`)` : ''}`,
			`p50 ≤ ${BUDGETS.searchP50Ms} ms, p95 ≤ ${BUDGETS.searchP95Ms} ms`,
			allFilters ? typingFigures(allFilters, run.frameFloorMs) : 'not measured',
			verdict(allFilters ? typingMet(allFilters) : null),
		],
		[
			`Page work at ${count(BUDGETS.searchAt)} tools: tasks over ${longTaskMs} ms while the home page renders`,
			`none but Chromium's HTML-parser chunks`,
			large?.paints ? longTasksText(large.paints, longTaskMs) : 'not measured',
			verdict(large?.paints ? large.paints.longestOtherTaskMs <= longTaskMs : null),
		],
		[
			`Page work at ${count(BUDGETS.strictTasksAt)} tools: tasks over ${longTaskMs} ms`,
			'none',
			small?.paints ? longTasksText(small.paints, longTaskMs) : 'not measured',
			verdict(small?.paints ? small.paints.longestTaskMs <= longTaskMs : null),
		],
		[
			`Page work at ${count(BUDGETS.searchAt)} tools: the search box answers after first paint (worst run)`,
			`≤ ${BUDGETS.searchAnswersAfterPaintMs / 1000} s`,
			answers?.length
				? `${answers.map((value) => ms(value, 0)).join(', ')} (FCP ${large?.paints ? ms(large.paints.fcpMs, 0) : 'n/a'})`
				: 'not measured',
			verdict(answers?.length ? Math.max(...answers) <= BUDGETS.searchAnswersAfterPaintMs : null),
		],
		[
			`Build ${count(BUDGETS.buildAt)} tools, wall time`,
			'≤ 60 s',
			build ? secs(build.build.wallMs) : 'not run',
			verdict(build ? build.build.wallMs <= BUDGETS.buildWallMs : null),
		],
		[
			`Build ${count(BUDGETS.buildAt)} tools, peak memory`,
			'≤ 1.5 GB',
			build?.build.peakRssBytes ? mb(build.build.peakRssBytes) : 'not measured',
			verdict(build?.build.peakRssBytes ? build.build.peakRssBytes <= BUDGETS.buildRssBytes : null),
		],
		[
			'Build cost linear in tools (marginal cost per tool)',
			`within ${BUDGETS.linearTolerance}×`,
			line.text,
			verdict(line.ok),
		],
	];
	rows.push(...serverRows(run.serverLoad ?? null));
	rows.push(...stackBudgetRows(run));
	rows.push([
		"First view (Lighthouse mobile): tool page LCP ≤ 1.0 s every run; home LCP ≤ 1.2 s median and below both peers'; scores ≥ 95",
		'in one sitting with the peers',
		'not measured here: `npm run audit -- --peers <dir>` runs Lighthouse on a served site and its peers',
		'n/a',
	]);
	return rows;
}

/** The `npm start` budgets (functions over HTTP, memory); the load section has the detail. */
function serverRows(load: ServerLoad | null): Cell[][] {
	if (!load)
		return [['`npm start` under load and its memory', 'see docs/design.md', 'not measured', 'n/a']];
	const full = load.seconds >= 60;
	const minRate = Math.min(...load.runs.map((r) => r.perSecond));
	const maxP99 = Math.max(...load.runs.map((r) => r.p99Ms));
	const errors = load.runs.reduce((sum, r) => sum + r.transportErrors + r.status5xx, 0);
	const exactRows = load.runs.every(
		(r) =>
			r.rows.subscribe === r.acknowledged.subscribe &&
			r.rows.submit === r.acknowledged.submit &&
			r.duplicates === 0,
	);
	const restP50 = median(load.atRest.functionMs);
	const afterLoad = Math.max(...load.runs.map((r) => r.rss.total));
	const { load: budget, memory } = BUDGETS;
	const ok =
		errors === 0 &&
		exactRows &&
		minRate >= budget.perSecond &&
		maxP99 <= budget.p99Ms &&
		restP50 <= budget.functionAtRestP50Ms;
	const short = full ? '' : ` (runs of ${load.seconds} s: the budget's are 60 s)`;
	return [
		[
			`Functions under \`npm start\`, ${load.clients} clients × ${load.seconds} s, twice${short}`,
			`0 errors, 0 5xx, exact rows, ≥ ${budget.perSecond} req/s, p99 ≤ ${budget.p99Ms} ms; at rest p50 ≤ ${budget.functionAtRestP50Ms} ms`,
			`${errors} errors or 5xx, rows ${exactRows ? 'exact' : 'not exact'}, ${minRate.toFixed(0)} req/s, p99 ${ms(maxP99, 0)}; at rest ${ms(restP50)}`,
			full ? verdict(ok) : `n/a (${ok ? 'within' : 'outside'} it)`,
		],
		[
			`Memory of \`${load.command}\`, every process, at rest after the start`,
			`≤ ${mb(memory.atRestBytes)}`,
			rssByRole(load.atRestRss),
			verdict(load.atRestRss.total <= memory.atRestBytes),
		],
		[
			`Memory of \`${load.command}\`, every process, after the load run${short}`,
			`≤ ${mb(memory.afterLoadBytes)}`,
			load.runs.map((r) => mb(r.rss.total)).join(' and ') +
				` (worst: ${rssByRole(load.runs.find((r) => r.rss.total === afterLoad)!.rss)})`,
			full
				? verdict(afterLoad <= memory.afterLoadBytes)
				: `n/a (${afterLoad <= memory.afterLoadBytes ? 'within' : 'over'} it)`,
		],
	];
}

/** The market map's rows: HTML per tile and own JavaScript at the largest size measured. */
function landscapeRows(sizes: SizeResult[]): Cell[][] {
	const measured = sizes.filter((size) => size.landscape && size.landscape.tiles > 0);
	if (!measured.length) return [['Market map (/landscape/)', 'see below', 'not measured', 'n/a']];
	const perTile = Math.max(
		...measured.map((size) => size.landscape!.page.htmlGzip / size.landscape!.tiles),
	);
	const js = Math.max(...measured.map((size) => size.landscape!.page.jsGzipOwn));
	const files = measured
		.map(
			(size) =>
				`${count(size.tools)} tools: ${Object.entries(size.landscape!.files)
					.map(([file, bytes]) => `${file} ${(bytes / 1e6).toFixed(2)} MB`)
					.join(', ')}`,
		)
		.join('; ');
	return [
		[
			'Market map HTML gzip per tile (worst size)',
			`≤ ${BUDGETS.landscape.gzipPerTile} B`,
			`${perTile.toFixed(0)} B (${measured.map((size) => `${count(size.landscape!.tiles)} tiles at ${count(size.tools)}`).join(', ')})`,
			verdict(perTile <= BUDGETS.landscape.gzipPerTile),
		],
		[
			'Market map: its own JavaScript (gzip, no React)',
			`≤ ${BUDGETS.landscape.ownJsGzip} B`,
			`${js} B`,
			verdict(
				js <= BUDGETS.landscape.ownJsGzip &&
					measured.every((size) => size.landscape!.page.jsGzipReact === 0),
			),
		],
		['New pages and files (raw size)', 'written within the build budget', files, 'n/a'],
	];
}
