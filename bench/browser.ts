// Home-page paint timings and live-search latency in headless Chromium (no CPU or network throttling).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
	INSTRUMENT_SEARCH,
	READ_PAINTS,
	SETTLE_LIMIT_MS,
	WAIT_FOR_HYDRATION,
} from './page-scripts.ts';
import { FACT_PANEL_ID } from '../src/features/search/grid-markup.ts';
import { RESULTS_PAGE_SIZE } from '../src/features/search/results-window.ts';
import { median } from './stats.ts';
import { type MainThreadTask, mainThreadTasks, PAGE_WORK_CATEGORIES } from './trace.ts';

const VIEWPORT = { width: 1280, height: 900 };
const PAGE_TIMEOUT_MS = 180_000;

/**
 * Chromium flags for measuring: every host but loopback fails to resolve at once (the logo
 * service, offline here; in the browser, not through Playwright's request interception, which
 * would add its own round trips), and frames are drawn as soon as they are ready rather than
 * at the next 60 Hz tick, so a keystroke's time is the page's work, not the wait for a vsync.
 */
export const BENCH_CHROMIUM_ARGS = [
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
	'--disable-frame-rate-limit',
	'--disable-gpu-vsync',
];

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({ viewport: VIEWPORT });
	const page = await context.newPage();
	page.setDefaultTimeout(PAGE_TIMEOUT_MS);
	return { context, page };
}

export interface PaintTimings {
	fcpMs: number;
	lcpMs: number;
	domContentLoadedMs: number;
	loadMs: number;
	/** The longest main-thread task of any run, from navigation until a second after load. */
	longestTaskMs: number;
	/** The longest of those that was not one of Chromium's own HTML-parser chunks (trace.ts). */
	longestOtherTaskMs: number;
	/** Every task of 50 ms or more in any run, longest first, with what it was for. */
	longTasks: MainThreadTask[];
}

/** What the page still does after load (hydration, indexing) counts as part of its rendering. */
const SETTLE_AFTER_LOAD_MS = 1_000;

/**
 * Median first contentful paint, LCP, DOMContentLoaded and load of `url` over `runs` cold
 * loads, and the main-thread tasks of every run from Chromium's trace (the page must stay
 * usable while it renders; the budget tells parser chunks from other work, which needs a trace).
 */
export async function paintTimings(
	browser: Browser,
	url: string,
	runs: number,
): Promise<PaintTimings> {
	const results: { fcp: number; lcp: number; dcl: number; load: number }[] = [];
	const tasks: MainThreadTask[] = [];
	for (let run = 0; run < runs; run++) {
		const { context, page } = await newPage(browser);
		await browser.startTracing(page, { categories: PAGE_WORK_CATEGORIES });
		let trace: Buffer;
		try {
			await page.goto(url, { waitUntil: 'load' });
			await page.waitForTimeout(SETTLE_AFTER_LOAD_MS);
			results.push((await page.evaluate(READ_PAINTS)) as (typeof results)[number]);
		} finally {
			trace = await browser.stopTracing();
		}
		const found = mainThreadTasks(trace, url);
		// A quiet 1,000-tool page may have no task over 50 ms at all: that is a result, not a
		// failure; a trace without the page's renderer is.
		if (!found) throw new Error(`no renderer parsed ${url} in Chromium's trace`);
		tasks.push(...found);
		await context.close();
	}
	const longest = (list: MainThreadTask[]) => Math.max(0, ...list.map((t) => t.durationMs));
	return {
		fcpMs: median(results.map((r) => r.fcp)),
		lcpMs: median(results.map((r) => r.lcp)),
		domContentLoadedMs: median(results.map((r) => r.dcl)),
		loadMs: median(results.map((r) => r.load)),
		longestTaskMs: longest(tasks),
		longestOtherTaskMs: longest(tasks.filter((task) => !task.parserChunk)),
		longTasks: tasks.sort((a, b) => b.durationMs - a.durationMs),
	};
}

/**
 * How long after its first contentful paint the home page answers a search, over `runs` cold
 * loads: the first letter is typed as soon as the island has hydrated (checked every 20 ms by
 * the page itself), and the answer is the end of the first frame showing its matches.
 */
export async function firstAnswer(
	browser: Browser,
	url: string,
	names: string[],
	runs: number,
): Promise<number[]> {
	const letter = 'e';
	const matches = names.filter((name) => name.toLowerCase().includes(letter)).length;
	const afterPaint: number[] = [];
	for (let run = 0; run < runs; run++) {
		const { context, page } = await newPage(browser);
		try {
			await page.goto(url, { waitUntil: 'commit' });
			await page.evaluate(WAIT_FOR_HYDRATION);
			await page.evaluate(INSTRUMENT_SEARCH);
			await page.evaluate(
				`window.__bench.expect = [${Math.min(matches, RESULTS_PAGE_SIZE)}, ${matches}]`,
			);
			await page.getByRole('searchbox').focus();
			await page.keyboard.type(letter);
			await page.evaluate('window.__bench.until(1)');
			afterPaint.push(
				(await page.evaluate(
					`window.__bench.at[0] - performance.getEntriesByName('first-contentful-paint')[0].startTime`,
				)) as number,
			);
		} finally {
			await context.close();
		}
	}
	return afterPaint;
}

/** The home page's fact panel once its controls are drawn (or a page without one). */
const FACT_FILTERS_READY = `#${FACT_PANEL_ID}[data-live], body:not(:has(#${FACT_PANEL_ID}))`;

/** The scripted typing: each query typed a letter at a time, then erased a letter at a time. */
export const TYPED_QUERIES = ['pro', 'field', 'c++', 'vault span', 'zq'];

function scriptedKeys(rounds: number): { key: string; query: string }[] {
	const keys: { key: string; query: string }[] = [];
	for (let round = 0; round < rounds; round++) {
		for (const text of TYPED_QUERIES) {
			let query = '';
			for (const key of text) keys.push({ key, query: (query += key) });
			while (query) keys.push({ key: 'Backspace', query: (query = query.slice(0, -1)) });
		}
	}
	return keys;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

export interface SearchLatency {
	/** Milliseconds per keystroke; a keystroke that never settled counts as the time waited. */
	samples: number[];
	/** Keystrokes after which the grid did not show exactly the first page of matching cards. */
	wrongResults: number;
	hydrationMs: number;
	planned: number;
	/** Why typing stopped before the end of the script, if it did. */
	stopped: string | null;
}

/**
 * Types the scripted queries `rounds` times into the home page's search box, within `budgetMs`.
 * With `address` (say `?works_with=1`) the page opens with those filters on: `names` are then
 * the tools they keep, and even an empty box shows a first page of matches.
 */
export async function searchLatency(
	browser: Browser,
	origin: string,
	names: string[],
	options: { rounds: number; budgetMs: number; address?: string },
): Promise<SearchLatency> {
	const { context, page } = await newPage(browser);
	const keys = scriptedKeys(options.rounds);
	const lowered = names.map((name) => name.toLowerCase());
	const result: SearchLatency = {
		samples: [],
		wrongResults: 0,
		hydrationMs: NaN,
		planned: keys.length,
		stopped: null,
	};
	try {
		await page.goto(`${origin}/${options.address ?? ''}`, { waitUntil: 'load' });
		result.hydrationMs = (await page.evaluate(WAIT_FOR_HYDRATION)) as number;
		// An address with fact filters waits for their code, which the island loads on first use.
		if (options.address) await page.waitForSelector(FACT_FILTERS_READY, { state: 'attached' });
		await page.evaluate(INSTRUMENT_SEARCH);
		await page.getByRole('searchbox').click();
		const deadline = Date.now() + options.budgetMs;
		for (const [index, { key, query }] of keys.entries()) {
			if (Date.now() > deadline) {
				result.stopped = `time budget (${options.budgetMs / 1000} s) used up after ${index} keystrokes`;
				break;
			}
			const needle = query.trim().toLowerCase();
			// An empty box shows the whole grid; a search the first page of its matches (the rest
			// come on scroll or "Show more"), or more if the list went on filling towards the viewport.
			const matches = needle
				? lowered.filter((name) => name.includes(needle)).length
				: names.length;
			const expected =
				needle || options.address
					? [Math.min(matches, RESULTS_PAGE_SIZE), matches]
					: [matches, matches];
			const limit = SETTLE_LIMIT_MS + 5_000;
			try {
				const [sample, shown] = await withTimeout(
					(async () => {
						await page.evaluate(`window.__bench.expect = [${expected.join(',')}]`);
						await (key === 'Backspace' ? page.keyboard.press(key) : page.keyboard.type(key));
						return (await page.evaluate(`window.__bench.until(${index + 1})`)) as [number, number];
					})(),
					limit,
					`keystroke ${index + 1} ("${query}")`,
				);
				result.samples.push(sample);
				if (shown < expected[0]! || shown > expected[1]!) result.wrongResults++;
			} catch (error) {
				// The page is still busy with this keystroke: count it as the time waited and stop.
				result.samples.push(limit);
				result.wrongResults++;
				result.stopped = `${(error as Error).message}; typing stopped`;
				break;
			}
			// A person types a key every ~100 ms or more; leave the page idle in between.
			await page.waitForTimeout(60);
		}
		return result;
	} finally {
		await withTimeout(context.close(), 30_000, 'closing the page').catch(() => {});
	}
}

/** The same keystroke measurement on a page with one empty text box: this machine's floor. */
export async function frameFloor(browser: Browser, keystrokes = 20): Promise<number[]> {
	const { context, page } = await newPage(browser);
	try {
		await page.setContent('<input id="box"><ul id="tool-grid"></ul>');
		await page.evaluate(INSTRUMENT_SEARCH);
		await page.evaluate('window.__bench.expect = [0, 0]');
		await page.click('#box');
		const samples: number[] = [];
		for (let index = 0; index < keystrokes; index++) {
			await page.keyboard.type('a');
			samples.push(((await page.evaluate(`window.__bench.until(${index + 1})`)) as number[])[0]);
			await page.waitForTimeout(60);
		}
		return samples;
	} finally {
		await context.close();
	}
}
