// Each figure of a benchmark run against its budget in ../shared/DESIGN.md.
import { type Cell, count, secs, verdict } from './markdown.ts';
import { BUDGETS } from '../lib/budgets.ts';
import type { BenchRun, SizeResult } from './results.ts';
import { kb, mb, ms, percentile } from './stats.ts';
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

/** One row per budget of DESIGN.md: what, budget, measured, met/missed. */
export function budgetRows(run: BenchRun): Cell[][] {
	const at = (tools: number) => run.sizes.find((size) => size.tools === tools);
	const build = at(BUDGETS.buildAt);
	const search = at(BUDGETS.searchAt)?.search;
	const searchWorksWith = at(BUDGETS.searchAt)?.searchWorksWith ?? null;
	const p95WorksWith = searchWorksWith ? percentile(searchWorksWith.samples, 95) : NaN;
	const paints = at(BUDGETS.searchAt)?.paints;
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
	const p95 = search ? percentile(search.samples, 95) : NaN;
	const line = linearity(run.sizes);
	const rows: Cell[][] = [
		[
			"JavaScript on the home page: the site's own code (gzip)",
			`React's chunk + ≤ ${kb(BUDGETS.homeOwnJsGzip)}`,
			// KB here are 1,000 bytes (as in Chrome's network panel); KiB shown too (Lighthouse's unit).
			`${kb(homeOwnJs)} own + ${kb(reactJs)} React = ${kb(homeJs)} (${(homeJs / 1024).toFixed(1)} KiB)`,
			verdict(homeOwnJs <= BUDGETS.homeOwnJsGzip && reactJs > 0),
		],
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
		[
			`Live search at ${count(BUDGETS.searchAt)} tools, p95`,
			'≤ 16 ms',
			search ? ms(p95) : 'not measured',
			verdict(search ? p95 <= BUDGETS.searchP95Ms && search.wrongResults === 0 : null),
		],
		[
			`Live search at ${count(BUDGETS.searchAt)} tools with "works with" on, p95`,
			'≤ 16 ms',
			searchWorksWith ? ms(p95WorksWith) : 'not measured',
			verdict(
				searchWorksWith
					? p95WorksWith <= BUDGETS.searchP95Ms && searchWorksWith.wrongResults === 0
					: null,
			),
		],
		[
			`Home page at ${count(BUDGETS.searchAt)} tools: longest task while it renders`,
			`≤ ${BUDGETS.longTaskMs} ms`,
			paints
				? `${ms(paints.longestTaskMs, 0)} (FCP ${ms(paints.fcpMs, 0)}, search ready ${search ? ms(search.hydrationMs, 0) : 'n/a'})`
				: 'not measured',
			verdict(paints ? paints.longestTaskMs <= BUDGETS.longTaskMs : null),
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
	rows.push(...stackBudgetRows(run));
	// The functions' budgets (../shared/DESIGN.md) are those of `npm start` over HTTP, in the
	// load section; the in-process figures of the functions table are the handler-only reference.
	rows.push([
		'Lighthouse (mobile) 100 × 4',
		'home and a tool page',
		'not measured here: `npm run audit` runs Lighthouse on a served site',
		'n/a',
	]);
	return rows;
}
