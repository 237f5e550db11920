// Renders a benchmark run as markdown: budgets first (met/missed), then the figures per size.
import { RESULTS_PAGE_SIZE } from '../src/features/search/results-window.ts';
import { budgetRows } from './budget-report.ts';
import { type Cell, count, secs, table } from './markdown.ts';
import type { BenchRun } from './results.ts';
import type { SearchLatency } from './browser.ts';
import { LONG_TASK_MS } from './trace.ts';
import { kb, mb, median, ms, percentile } from './stats.ts';

const BUILD_HEAD = [
	'tools',
	'build',
	'per tool',
	'peak RSS',
	'CPU',
	'dist (files)',
	'home HTML',
	'home gzip',
	'gzip per tool',
	'home JS gzip',
	'tool-page JS',
	'load avg',
];

function buildRows(run: BenchRun): Cell[][] {
	return run.sizes.map((s) => [
		count(s.tools),
		secs(s.build.wallMs),
		`${(s.build.wallMs / s.tools).toFixed(2)} ms`,
		s.build.peakRssBytes ? mb(s.build.peakRssBytes) : 'n/a',
		s.build.cpuSeconds ? `${s.build.cpuSeconds.toFixed(1)} s` : 'n/a',
		`${mb(s.dist.bytes)} (${count(s.dist.files)})`,
		mb(s.home.htmlRaw),
		kb(s.home.htmlGzip),
		`${(s.home.htmlGzip / s.tools).toFixed(0)} B`,
		kb(s.home.jsGzipTotal),
		`${s.toolPage.jsGzipTotal} B`,
		s.loadAverage.build.toFixed(1),
	]);
}

const BROWSER_HEAD = [
	'tools',
	'FCP',
	'LCP',
	'DOMContentLoaded',
	'load',
	'longest task',
	'longest but parser chunks',
	'search ready',
	'first answer after FCP (worst)',
	'search p50',
	'search p95',
	'keystrokes done / planned (wrong)',
	'with every filter on: p50',
	'p95',
	'done / planned (wrong)',
	'load avg',
];

/** p50, p95 and "done / planned (wrong)" of a typing pass, or n/a where it was not run. */
function typingCells(search: SearchLatency | null | undefined): Cell[] {
	if (!search) return ['n/a', 'n/a', 'n/a'];
	return [
		ms(median(search.samples)),
		ms(percentile(search.samples, 95)),
		`${search.samples.length} / ${search.planned} (${search.wrongResults})${search.stopped ? `: ${search.stopped}` : ''}`,
	];
}

function browserRows(run: BenchRun): Cell[][] {
	return run.sizes.map((s) => [
		count(s.tools),
		s.paints ? ms(s.paints.fcpMs, 0) : 'n/a',
		s.paints ? ms(s.paints.lcpMs, 0) : 'n/a',
		s.paints ? ms(s.paints.domContentLoadedMs, 0) : 'n/a',
		s.paints ? ms(s.paints.loadMs, 0) : 'n/a',
		s.paints
			? s.paints.longTasks.length
				? ms(s.paints.longestTaskMs, 0)
				: `< ${LONG_TASK_MS} ms`
			: 'n/a',
		s.paints ? ms(s.paints.longestOtherTaskMs, 0) : 'n/a',
		s.search ? ms(s.search.hydrationMs, 0) : 'n/a',
		s.answerAfterPaintMs?.length ? ms(Math.max(...s.answerAfterPaintMs), 0) : 'n/a',
		...typingCells(s.search),
		...typingCells(s.searchAllFilters),
		s.loadAverage.browser?.toFixed(1) ?? 'n/a',
	]);
}

const METHOD = [
	'- Catalogue: synthetic, deterministic (names 5-30 characters, some with `& ( + . * /` and accents; descriptions 60-220 characters; the 12 categories; all live), bulk-inserted into a throwaway embedded database (PGlite, in its own process) on a free loopback port.',
	"- Build: `astro build` with `EMBEDDED_DB_DIR`/`EMBEDDED_DB_PORT` pointing at it and `ASTRO_OUT_DIR` in a temporary directory under `.data/`. Wall time measured around the process; peak memory is GNU time's maximum resident set size of the build process (the database owner is a separate process, as in use).",
	'- Sizes: gzip level 6 (a CDN default). "Per tool" = home gzip ÷ tools. JavaScript = every `<script>` (inline ones included), `modulepreload`, island `component-url`/`renderer-url`, and their static imports, gzip per file.',
	`- Browser: Debian Chromium, headless, 1280×900, no CPU or network throttling, every host but loopback unresolvable (logos fail at once, as offline), frames drawn when ready rather than on a 60 Hz tick (\`--disable-frame-rate-limit --disable-gpu-vsync\`, so a keystroke's time is the page's work), served uncompressed from a loopback static server. FCP/LCP/DOMContentLoaded/load: median of cold loads (Performance API). Search: trusted key presses typing \`pro\`, \`field\`, \`c++\`, \`vault span\`, \`zq\` letter by letter and erasing them; latency = keydown timestamp → the end of the first frame (rAF, then a message) in which \`#tool-grid\` shows every card with an empty box, else \`#tool-results\` shows the first page (${RESULTS_PAGE_SIZE}) of the cards whose name matches (the rest come on scroll), i.e. including style, layout and paint; a keystroke not settled after 15 s stops the typing and counts as 15 s. The same typing again with every other filter on (a category, "works with" the two most connected tools at once and a value of every fact filter, in the address; its own columns). Empty-page floor: the same keystroke measurement on a page holding one empty text box, in the same run.`,
	"- Page work: each cold load is traced (Chromium's DevTools timeline categories); a task is a main-thread `RunTask`, and one counts as Chromium's own HTML-parser chunk when it begins with the parser (`ParseHTML`, `HTMLDocumentParser::…`) or the loader handing it the document's bytes and the parser's events cover at least half of it (`bench/trace.ts` says why). First answer: a cold load, the first letter typed as soon as the island has hydrated, to the end of the first frame showing its matches, minus the first contentful paint.",
	'- `npm start`: run as a person types it (npm included) in a process group of its own, stopped as Ctrl-C does; memory is the VmRSS of every process of its tree, by role, 5 s after "site ready" and after each load run.',
	'- Functions: the default handlers of `netlify/functions/subscribe.mts` and `submit.mts` called with `new Request(...)` in a child process (as the functions run apart from the database owner), each request a new e-mail/URL from a different client address (198.18.0.0/15, so the per-IP rate limit is exercised but not reached); 5 untimed warm-up requests; rows counted before and after.',
	'- Load average: this machine is shared; a 1-minute load above the core count means other work competed for the CPU and timings are pessimistic.',
].join('\n');

function scriptRows(run: BenchRun): Cell[][] {
	const largest = run.sizes.at(-1)!;
	const pages = [
		['home `/`', largest.home],
		[`tool \`${largest.toolPage.route}\``, largest.toolPage],
		...(largest.compare ? [['compare `/compare/`', largest.compare.largest.page] as const] : []),
	] as const;
	return pages.flatMap(([label, page]) => [
		...page.scripts.map((s) => [label, `\`${s.file}\``, kb(s.raw), kb(s.gzip, 2)]),
		[
			label,
			'**total**',
			kb(page.scripts.reduce((sum, s) => sum + s.raw, 0)),
			`**${kb(page.jsGzipTotal, 2)}**`,
		],
	]);
}

function functionRows(run: BenchRun): Cell[][] {
	return run.functions.flatMap((outcome) =>
		outcome.status === 'pending'
			? [['subscribe, submit', '—', '—', '—', '—', '—', '—', `pending: ${outcome.reason}`]]
			: outcome.results.map((f) => [
					f.name,
					f.concurrency,
					f.requests,
					ms(median(f.latenciesMs)),
					ms(percentile(f.latenciesMs, 99)),
					`${((f.requests / f.wallMs) * 1000).toFixed(0)} req/s`,
					f.errors.length,
					`${f.rowsAdded} / ${f.rowsExpected}`,
				]),
	);
}

/** What the compare page loads besides its code, per catalogue size. */
function compareFiles(run: BenchRun): string {
	const rows = run.sizes
		.filter((s) => s.compare)
		.map((s) => {
			const { largest, typicalGzip } = s.compare!;
			return [
				count(s.tools),
				kb(largest.page.jsGzipOwn),
				largest.lazy.map((chunk) => kb(chunk.gzip)).join(', ') || '—',
				kb(largest.medianToolGzip, 2),
				largest.tools.map((tool) => kb(tool.gzip)).join(', '),
				kb(typicalGzip),
				kb(largest.ownGzip),
				`${kb(largest.namesIndex.gzip)} (${kb(largest.namesIndex.raw)} raw)`,
			];
		});
	if (rows.length === 0) return '';
	return [
		'## Compare page (gzip; React apart)',
		table(
			[
				'tools',
				'own JS',
				'picker (loaded when shown)',
				'median tool file',
				'four largest files',
				'own JS + four median',
				'own JS + four largest',
				'names index (on first use)',
			],
			rows,
		),
	].join('\n\n');
}

/** The whole report, as written to docs/benchmarks.md. */
export function renderReport(run: BenchRun): string {
	const sections = [
		'# Benchmarks',
		`Generated by \`${run.command}\` (${run.quick ? 'quick' : 'full'} mode, ${secs(run.durationMs)} in all). Source measured: ${run.source}.`,
		table(['machine', ''], Object.entries(run.machine)),
		'## Budgets (docs/design.md)',
		table(['what', 'budget', 'measured', 'result'], budgetRows(run)),
		'## Build and output per catalogue size',
		table(BUILD_HEAD, buildRows(run)),
		'## In the browser per catalogue size',
		table(BROWSER_HEAD, browserRows(run)),
		run.frameFloorMs
			? `Floor: the same keystroke measurement on a page holding one empty text box took ${ms(median(run.frameFloorMs))} p50, ${ms(percentile(run.frameFloorMs, 95))} p95 during this run.`
			: '',
		'## How it is measured',
		METHOD,
		'## JavaScript shipped (largest size; the same at every size)',
		table(['page', 'file', 'raw', 'gzip'], scriptRows(run)),
		compareFiles(run),
		'## Functions (embedded store, loopback)',
		table(
			[
				'function',
				'concurrency',
				'requests',
				'p50',
				'p99',
				'throughput',
				'errors',
				'rows added / expected',
			],
			functionRows(run),
		),
	];
	return `${sections.join('\n\n')}\n`;
}
