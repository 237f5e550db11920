// `npm run bench [-- --quick] [--sizes 1000,5000] [--ref HEAD]`: builds synthetic catalogues of
// growing size from throwaway embedded databases, measures them and writes docs/benchmarks.md.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { integrationKey } from '../src/features/integrations/key.ts';
import { paths } from '../src/lib/paths.ts';
import type { Sql } from '../src/lib/store/embedded.server.ts';
import { chromiumPath, launchChromium } from '../tests/helpers/chromium.ts';
import {
	BENCH_CHROMIUM_ARGS,
	firstAnswer,
	frameFloor,
	paintTimings,
	type SearchLatency,
	searchLatency,
} from './browser.ts';
import { median, ms, percentile } from './stats.ts';
import { buildSite, directorySize } from './build.ts';
import { benchFunctions, type FunctionsOutcome } from './functions.ts';
import { comparePayload } from './compare-payload.ts';
import { pagePayload } from './page-payload.ts';
import { benchNewsletterSend, newsletterSection } from './newsletter.ts';
import { loadBeside, renderLoadBeside } from './load-against.ts';
import { benchServerLoad, handlerOnlySummary, renderServerLoad } from './server-load.ts';
import { renderReport } from './report.ts';
import type { SizeResult } from './results.ts';
import { serveStatic } from './serve.ts';
import { siteSource } from './source.ts';
import { insertTools, startBenchDb, syntheticCatalogue } from './synthetic.ts';
import { cardCategories } from '../src/features/facts/fact-filters.ts';
import { EVERY_FILTER_ON, insertFacts, keptByFacts, syntheticFacts } from './synthetic-facts.ts';
import { insertIntegrations } from './synthetic-integrations.ts';
import { benchStack } from './stack.ts';
import { BUDGETS } from './budgets.ts';
import { machine } from './stats.ts';

const MODES = {
	quick: {
		sizes: [1_000, 10_000],
		paintRuns: 3,
		searchRounds: 2,
		searchBudgetMs: 120_000,
		requests: 300,
	},
	full: {
		sizes: [1_000, 10_000, 50_000],
		paintRuns: 5,
		searchRounds: 3,
		searchBudgetMs: 180_000,
		requests: 1_000,
	},
};
const FUNCTION_CONCURRENCY = [1, 8];
const FUNCTION_MAX_SECONDS = 60;
// Hand-written analysis below this line in the report survives regeneration.
const NOTES_MARKER =
	'<!-- notes: everything below is kept when the benchmark rewrites this file -->';

const { values } = parseArgs({
	options: {
		quick: { type: 'boolean', default: false },
		sizes: { type: 'string' },
		ref: { type: 'string' },
		/** An earlier commit whose `npm start` the load check runs beside this tree's. */
		against: { type: 'string' },
		/** Only the load check (with --against: beside that commit), printed, not written. */
		'load-only': { type: 'boolean', default: false },
		out: { type: 'string', default: 'docs/benchmarks.md' },
	},
});
const mode = values.quick ? MODES.quick : MODES.full;
const sizes = values.sizes ? values.sizes.split(',').map(Number) : mode.sizes;
const log = (message: string) =>
	console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function benchSize(
	tools: number,
	siteDir: string,
	browser: Browser | null,
): Promise<SizeResult> {
	const catalogue = syntheticCatalogue(tools);
	const db = await startBenchDb({ seed: false });
	let build;
	let allFilters: AllFilters | null;
	const buildLoad = os.loadavg()[0];
	try {
		await insertTools(db.sql, catalogue);
		const pairs = await insertIntegrations(db.sql);
		const facts = await insertFacts(db.sql);
		allFilters = await everyFilterOn(db.sql);
		log(`${tools} tools, ${pairs} integrations and ${facts} facts inserted; building`);
		build = await buildSite(db, siteDir);
	} finally {
		await db.stop();
	}
	try {
		log(`built in ${(build.wallMs / 1000).toFixed(1)} s; measuring pages`);
		const firstTool = (await readdir(path.join(build.outDir, 'app'))).sort()[0];
		const route = paths.tool(Number(firstTool));
		const result: SizeResult = {
			tools,
			build: {
				wallMs: build.wallMs,
				peakRssBytes: build.peakRssBytes,
				cpuSeconds: build.cpuSeconds,
			},
			dist: await directorySize(build.outDir),
			home: await pagePayload(build.outDir, '/'),
			toolPage: { ...(await pagePayload(build.outDir, route)), route },
			compare: await compareFigures(build.outDir),
			landscape: await landscapeFigures(build.outDir),
			paints: null,
			search: null,
			loadAverage: { build: buildLoad, browser: null },
		};
		if (browser) {
			result.loadAverage.browser = os.loadavg()[0];
			const server = await serveStatic(build.outDir);
			try {
				result.paints = await paintTimings(browser, `${server.origin}/`, mode.paintRuns);
				log(`paints measured; typing into the search box`);
				const names = catalogue.map((tool) => tool.name);
				result.search = await searchLatency(browser, server.origin, names, {
					rounds: mode.searchRounds,
					budgetMs: mode.searchBudgetMs,
				});
				log(typed('typed', result.search));
				if (allFilters) {
					log(
						`typing with every filter on (${allFilters.address}: ${allFilters.names.length} tools)`,
					);
					result.searchAllFilters = {
						filters: allFilters.address,
						...(await searchLatency(browser, server.origin, allFilters.names, {
							rounds: mode.searchRounds,
							budgetMs: mode.searchBudgetMs,
							address: allFilters.address,
						})),
					};
					log(typed('typed with every filter on', result.searchAllFilters));
				}
				result.answerAfterPaintMs = await firstAnswer(
					browser,
					`${server.origin}/`,
					names,
					mode.paintRuns,
				);
				log(
					`first answer after first paint: ${result.answerAfterPaintMs.map((v) => ms(v, 0)).join(', ')}`,
				);
			} finally {
				await server.close();
			}
		}
		if (tools === BUDGETS.stack.atTools)
			result.stack = await benchStack(browser, build.outDir, log);
		return result;
	} finally {
		await build.dispose();
	}
}

/** The compare page: the worst four tools (the largest files) and four of median size. */
async function compareFigures(outDir: string) {
	const largest = await comparePayload(outDir);
	return { largest, typicalGzip: largest.page.jsGzipOwn + 4 * largest.medianToolGzip };
}

/** A typing pass in the log as soon as it is measured (a later step can still fail). */
function typed(what: string, search: SearchLatency) {
	const p95 = percentile(search.samples, 95);
	return `${what}: ${search.samples.length} keystrokes, p50 ${ms(median(search.samples))}, p95 ${ms(p95)}, ${search.wrongResults} wrong`;
}

interface AllFilters {
	/** The home page's address with the filters on, e.g. `?category=estimating&works_with=12&platform=…`. */
	address: string;
	/** The names of the tools they keep. */
	names: string[];
}

/**
 * Every filter besides the name search on: "works with" the two most connected tools, every fact
 * filter (EVERY_FILTER_ON, which one synthetic tool in ten passes), and the category most of
 * the tools those keep are in; the names of the tools all of them keep.
 */
async function everyFilterOn(sql: Sql): Promise<AllFilters | null> {
	// Two at once (record 0018: a tool must work with both), as a buyer with a stack asks: the most
	// connected tool, and the tool that shares the most partners with it.
	const edges = await sql`select tool_low_id as a, tool_high_id as b from tool_integrations
		where status is distinct from 'retired'`;
	const partnersOf = new Map<number, number[]>();
	const link = (tool: number, partner: number) => {
		const list = partnersOf.get(tool);
		if (list) list.push(partner);
		else partnersOf.set(tool, [partner]);
	};
	for (const { a, b } of edges) {
		link(Number(a), Number(b));
		link(Number(b), Number(a));
	}
	const degree = (tool: number) => partnersOf.get(tool)?.length ?? 0;
	const byDegree = (p: number, q: number) => degree(q) - degree(p) || p - q;
	const [hub] = [...partnersOf.keys()].sort(byDegree);
	if (hub === undefined) return null;
	const shared = new Map<number, number>();
	for (const partner of partnersOf.get(hub)!)
		for (const other of partnersOf.get(partner)!)
			if (other !== hub) shared.set(other, (shared.get(other) ?? 0) + 1);
	const [second] = [...shared.keys()].sort(
		(p, q) => shared.get(q)! - shared.get(p)! || byDegree(p, q),
	);
	// Synthetic facts follow the insertion order (synthetic-facts.ts): the rank of the id.
	const tools = await sql`select id, name, category from construction_apps order by id`;
	// The tools that work with every one of `chosen` and pass every fact filter, by the category
	// (and those that also do its job, as the home page's chips) that keeps most of them.
	const kept = (chosen: number[]) => {
		const sets = chosen.map((tool) => new Set(partnersOf.get(tool)));
		const byCategory = new Map<string, string[]>();
		for (const [index, row] of tools.entries()) {
			if (!sets.every((set) => set.has(Number(row.id))) || !keptByFacts(index, EVERY_FILTER_ON))
				continue;
			for (const category of cardCategories(row.category, syntheticFacts(index)))
				byCategory.set(category, [...(byCategory.get(category) ?? []), String(row.name)]);
		}
		const [category, names] = [...byCategory].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
		return category ? { chosen, category, names } : null;
	};
	// Two when a small catalogue leaves them a tool in common, else the hub alone.
	const found = (second === undefined ? null : kept([hub, second])) ?? kept([hub]);
	if (!found) return null;
	const filters = new URLSearchParams({
		category: found.category,
		works_with: found.chosen.map((tool) => integrationKey(tool)).join(','),
		...EVERY_FILTER_ON,
	});
	const names = found.names;
	return { address: `?${String(filters).replace(/%2C/g, ',')}`, names };
}

if (values['load-only']) {
	const seconds = values.quick ? 15 : 60;
	const here = await siteSource(values.ref);
	try {
		if (values.against) {
			const beside = await loadBeside(here.dir, values.against, seconds, 2, log);
			console.log(renderLoadBeside(beside));
		} else console.log(renderServerLoad(await benchServerLoad(here.dir, seconds)));
	} finally {
		await here.dispose();
	}
	process.exit(0);
}

/** The market map's page, its tiles, and the size of each page and file written beside it. */
async function landscapeFigures(outDir: string): Promise<SizeResult['landscape']> {
	const page = await pagePayload(outDir, '/landscape/').catch(() => null);
	if (!page) return undefined;
	const html = await readFile(path.join(outDir, 'landscape/index.html'), 'utf8');
	const tiles = html.match(/<li data-id=/g)?.length ?? 0;
	const files: Record<string, number> = {};
	for (const file of [
		'landscape.svg',
		'landscape.png',
		'stats/index.html',
		'data/tools.json',
		'data/tools.csv',
		'data/facts.csv',
		'data/integrations.csv',
		'changes/index.html',
	])
		files[`/${file.replace(/index\.html$/, '')}`] = (
			await stat(path.join(outDir, file)).catch(() => ({ size: 0 }))
		).size;
	return { page, tiles, files };
}

const started = performance.now();
const machineAtStart = machine();
const outFile = path.resolve(values.out);
const projectDir = process.cwd();
const source = await siteSource(values.ref);
// Migrations, node_modules and the build all resolve from the working directory.
process.chdir(source.dir);
const browser = chromiumPath() ? await launchChromium(BENCH_CHROMIUM_ARGS) : null;
if (!browser) log('no Chromium found (apt-get install -y chromium): browser figures are skipped');
try {
	// What one keystroke costs on an empty page under the machine's current load.
	const floor = browser ? await frameFloor(browser) : null;
	const results: SizeResult[] = [];
	for (const tools of sizes) {
		log(`--- ${tools} tools ---`);
		results.push(await benchSize(tools, source.dir, browser));
	}
	const functions: FunctionsOutcome[] = [];
	for (const concurrency of FUNCTION_CONCURRENCY) {
		log(`functions: ${mode.requests} requests each, ${concurrency} at a time`);
		functions.push(
			await benchFunctions(source.dir, {
				requests: mode.requests,
				concurrency,
				maxSeconds: FUNCTION_MAX_SECONDS,
			}),
		);
	}
	const loadSeconds = values.quick ? 15 : 60;
	log(`npm start under load: 50 clients × ${loadSeconds} s, twice`);
	// A revision from before `npm start` had its own server has no load figure.
	const serverLoad = existsSync(path.join(source.dir, 'src/server/serve.ts'))
		? await benchServerLoad(source.dir, loadSeconds)
		: null;
	const beside =
		serverLoad && values.against
			? renderLoadBeside(await loadBeside(source.dir, values.against, loadSeconds, 2, log))
			: '';
	log('newsletter: one issue to 10,000 subscribers into the outbox');
	const newsletter = await benchNewsletterSend(source.dir);
	const args = process.argv.slice(2).join(' ');
	const report = `${renderReport({
		command: `npm run bench${args ? ` -- ${args}` : ''}`,
		quick: values.quick,
		machine: machineAtStart,
		source: source.description,
		sizes: results,
		functions,
		serverLoad,
		frameFloorMs: floor,
		durationMs: performance.now() - started,
	})}\n${newsletterSection(newsletter)}`;
	const previous = await readFile(outFile, 'utf8').catch(() => '');
	const notes = previous.includes(NOTES_MARKER)
		? previous.slice(previous.indexOf(NOTES_MARKER))
		: NOTES_MARKER;
	const loadSection = serverLoad
		? renderServerLoad(serverLoad, handlerOnlySummary(functions))
		: '## npm start under load\n\nNot measured: this revision has no src/server/.';
	const load = beside ? `${loadSection}\n\n${beside}` : loadSection;
	await writeFile(outFile, `${report}\n\n${load}\n\n${notes.trimEnd()}\n`);
	console.log(`${report}\n\n${load}`);
	log(`written to ${values.out}`);
} finally {
	await browser?.close();
	process.chdir(projectDir);
	await source.dispose();
}
