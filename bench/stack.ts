// The stack page at BUDGETS.stack's size (record 0018): 10,000 tools and 50,000 pairs. The site is
// the one built for 10,000 tools (its catalogue, its island); its stack files are written again
// by the build's own encoder (src/features/stack/encode.ts) for `syntheticStackPairs`, denser than
// the catalogue's own pairs, which the other figures of that size measure. Then, in Chromium:
// the time from the Enter that chooses a tool to the end of the frame that shows the new plan.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { Integration } from '../src/features/integrations/types.ts';
import { connectionsFiles, graphFile } from '../src/features/stack/encode.ts';
import { connectionsUrl, type GraphFile, STACK_GRAPH_URL } from '../src/features/stack/graph.ts';
import { pagePayload } from './page-payload.ts';
import { BUDGETS } from './budgets.ts';
import { type Cell, count, verdict } from './markdown.ts';
import type { BenchRun } from './results.ts';
import { frameFloor } from './browser.ts';
import { serveStatic } from './serve.ts';
import { keyPressWork, PAGE_WORK_CATEGORIES } from './trace.ts';
import { kb, median, ms, percentile } from './stats.ts';
import { type SyntheticPair, syntheticStackPairs } from './synthetic-integrations.ts';

export interface StackBench {
	tools: number;
	pairs: number;
	graphGzipBytes: number;
	ownJsGzip: number;
	reactJsGzip: number;
	/** From navigation to a picker ready to type in (the graph fetched and read). */
	readyMs: number | null;
	/** Enter to the end of the next frame showing the plan, per choice. */
	chooseMs: number[];
	/** Each choice's place in its round (0: the first tool of a fresh page), as `chooseMs`. */
	choosePlace: number[];
	/**
	 * The page's own main-thread work per choice, from a Chromium trace of a round of its own
	 * (keyPressWork: the keydown's task through the task that drew the frame), ms: the stack
	 * page's budget in docs/design.md (tracing slows the wall clock, so the wall rounds are
	 * untraced).
	 */
	chooseWorkMs: number[];
	/** Typing a letter to the end of the frame showing the matches, per letter. */
	typeMs: number[];
	wrong: number;
	stopped: string | null;
	/**
	 * The empty-page floor (`frameFloor`) measured just before the choices: on this shared
	 * machine a typed key on a page holding one text box takes 4-10 ms at the median and its
	 * p95 moves between about 9 and 30 ms from one quarter of an hour to the next, so the
	 * choices' figures are read beside the floor of the same minutes.
	 */
	floorMs: number[] | null;
}

const ROUNDS = 6;
const CHOICES = 8;
const SETTLE_LIMIT_MS = 10_000;

// In the page, as a string (no TypeScript helpers leak in; the CSP allows page.evaluate). Enter
// (capture phase, before React's handler) or a typed letter starts a sample; it ends in the first
// task after the first frame in which the island shows what is expected (rAF, then a message).
const INSTRUMENT = `(() => {
	const bench = (window.__stack = { samples: [], expect: null, waiting: [] });
	bench.until = (n) => new Promise((resolve, reject) => {
		if (bench.samples.length >= n) return resolve(bench.samples[n - 1]);
		bench.waiting.push({ n, resolve });
		setTimeout(() => reject(new Error('sample ' + n + ' never settled')), 60000);
	});
	const shows = () => {
		const [what, value] = bench.expect;
		if (what === 'chosen') return document.querySelector('.stack')?.dataset.chosen === String(value);
		const first = document.querySelector('[role=listbox] [role=option]');
		return Boolean(first?.firstChild?.textContent?.toLowerCase().includes(value));
	};
	let startedAt = 0;
	const afterNextFrame = () => requestAnimationFrame(() => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			const now = performance.now();
			if (!shows() && now - startedAt < ${SETTLE_LIMIT_MS}) return afterNextFrame();
			bench.samples.push(shows() ? now - startedAt : -1);
			bench.waiting.filter((w) => w.n <= bench.samples.length).forEach((w) => w.resolve(bench.samples[w.n - 1]));
		};
		channel.port2.postMessage(0);
	});
	window.addEventListener('keydown', (event) => {
		if (!bench.expect) return;
		startedAt = event.timeStamp;
		afterNextFrame();
	}, true);
})()`;

const toIntegration = (pair: SyntheticPair): Integration => ({
	lowId: pair.low,
	highId: pair.high,
	kind: pair.kind as Integration['kind'],
	note: pair.note,
	sourceUrl: pair.source_url,
	direction: pair.direction as Integration['direction'],
	moves: pair.moves,
	via: pair.via as Integration['via'],
	viaService: pair.via_service,
	status: pair.status as Integration['status'],
	verifiedOn: pair.verified_on,
});

/** Writes the stack files for the built catalogue and `pairs` synthetic pairs; returns the graph. */
async function writeStackFiles(outDir: string, pairs: number) {
	const built: GraphFile = JSON.parse(await readFile(path.join(outDir, STACK_GRAPH_URL), 'utf8'));
	const tools = built.ids.map((id, at) => ({
		id,
		name: built.names[at],
		category: built.categories[built.categoryOf[at]][0],
	}));
	const integrations = syntheticStackPairs(
		[...built.ids].sort((a, b) => a - b),
		pairs,
	).map(toIntegration);
	const file = graphFile(tools, integrations);
	const text = JSON.stringify(file);
	await writeFile(path.join(outDir, STACK_GRAPH_URL), text);
	const dir = path.dirname(path.join(outDir, connectionsUrl(0, 1)));
	await rm(dir, { recursive: true, force: true });
	await mkdir(dir, { recursive: true });
	for (const [number, own] of connectionsFiles(integrations))
		await writeFile(path.join(dir, `${number}.json`), JSON.stringify(own));
	return { file, gzip: gzipSync(text, { level: 6 }).length, pairs: integrations.length };
}

/** The tools a round chooses: hubs, platforms and long-tail tools, by their names. */
function choices(file: GraphFile, round: number): string[] {
	const degree = new Map<number, number>();
	for (let at = 0, a = 0; at < file.pairs.length; at += 7) {
		a += file.pairs[at];
		const b = a + file.pairs[at + 1];
		degree.set(a, (degree.get(a) ?? 0) + 1);
		degree.set(b, (degree.get(b) ?? 0) + 1);
	}
	const ranked = [...degree].sort(([p, m], [q, n]) => n - m || p - q).map(([tool]) => tool);
	const pick = (from: number) => ranked[from + round * 3];
	const tail = ranked.length - 1 - round * 5;
	const tools = [pick(0), tail, pick(20), pick(1), tail - 1, pick(200), tail - 2, pick(2)];
	return tools.slice(0, CHOICES).map((tool) => file.names[tool]);
}

async function measure(page: Page, sample: () => Promise<void>, n: number) {
	await sample();
	return (await page.evaluate(`window.__stack.until(${n})`)) as number;
}

export async function benchStack(
	browser: Browser | null,
	outDir: string,
	log: (message: string) => void,
): Promise<StackBench> {
	const { file, gzip, pairs } = await writeStackFiles(outDir, BUDGETS.stack.atPairs);
	const payload = await pagePayload(outDir, '/stack/');
	const result: StackBench = {
		tools: file.ids.length,
		pairs,
		graphGzipBytes: gzip,
		ownJsGzip: payload.jsGzipOwn,
		reactJsGzip: payload.jsGzipReact,
		readyMs: null,
		chooseMs: [],
		choosePlace: [],
		chooseWorkMs: [],
		typeMs: [],
		wrong: 0,
		stopped: null,
		floorMs: null,
	};
	log(`stack page: ${count(pairs)} pairs, graph ${kb(gzip)} gzip; choosing tools`);
	if (!browser) return result;
	result.floorMs = await frameFloor(browser);
	const server = await serveStatic(outDir);
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	const page = await context.newPage();
	page.setDefaultTimeout(120_000);
	try {
		const ready: number[] = [];
		// ROUNDS untraced rounds for the wall clock, then one traced round for the page's work.
		for (let round = 0; round <= ROUNDS; round++) {
			await page.goto(`${server.origin}/stack/`);
			const box = page.getByRole('combobox', { name: 'Add a tool you use' });
			await box.waitFor();
			ready.push((await page.evaluate('performance.now()')) as number);
			await page.evaluate(INSTRUMENT);
			let samples = 0;
			for (const [at, name] of choices(file, round).entries()) {
				await box.focus();
				// The name's first word a letter at a time, each letter a sample: the matches shown.
				const word = name.split(' ')[0];
				for (let typed = 1; typed <= word.length; typed++) {
					const needle = JSON.stringify(word.slice(0, typed).toLowerCase());
					await page.evaluate(`window.__stack.expect = ['typed', ${needle}]`);
					const letter = await measure(page, () => page.keyboard.type(word[typed - 1]), ++samples);
					if (letter < 0) result.wrong++;
					result.typeMs.push(letter < 0 ? SETTLE_LIMIT_MS : letter);
					await page.waitForTimeout(30);
				}
				await page.evaluate('window.__stack.expect = null');
				const listed = page.getByRole('listbox', { name: 'Matching tools' }).getByRole('option');
				const names = () => listed.evaluateAll((all) => all.map((o) => o.firstChild?.textContent));
				// A common first word: the rest of the name, unmeasured, narrows to it.
				if (!(await names()).includes(name)) {
					await page.keyboard.type(name.slice(word.length));
					await listed.filter({ hasText: name }).first().waitFor();
				}
				const index = (await names()).indexOf(name);
				for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
				await page.evaluate(`window.__stack.expect = ['chosen', ${at + 1}]`);
				// The last round is traced: the page's own work, not the wall clock.
				const traced = round === ROUNDS;
				if (traced) await browser.startTracing(page, { categories: PAGE_WORK_CATEGORIES });
				const chosen = await measure(page, () => page.keyboard.press('Enter'), ++samples);
				if (traced) {
					const work = keyPressWork(await browser.stopTracing());
					if (work === null) result.wrong++;
					else result.chooseWorkMs.push(work);
				} else {
					if (chosen < 0) result.wrong++;
					result.chooseMs.push(chosen < 0 ? SETTLE_LIMIT_MS : chosen);
					result.choosePlace.push(at);
				}
				await page.evaluate('window.__stack.expect = null');
				await page.waitForTimeout(60);
			}
		}
		result.readyMs = median(ready);
	} catch (error) {
		result.stopped = (error as Error).message;
	} finally {
		await context.close();
		await server.close();
	}
	log(
		`stack page: own work per choice (trace) median ${result.chooseWorkMs.length ? ms(median(result.chooseWorkMs)) : 'n/a'}, slowest ${result.chooseWorkMs.length ? ms(Math.max(...result.chooseWorkMs)) : 'n/a'}; ${result.chooseMs.length} choices, p50 ${ms(median(result.chooseMs))}, p95 ${ms(percentile(result.chooseMs, 95))}, slowest ${slowestChoices(result)}; ready after ${result.readyMs === null ? 'n/a' : ms(result.readyMs, 0)}${floorText(result)}`,
	);
	return result;
}

/** "21.0 ms (1st tool), 18.2 ms (3rd tool), …": the slowest choices and where in a round. */
function slowestChoices(stack: StackBench, how = 4): string {
	const ordinal = (n: number) => `${n}${['st', 'nd', 'rd'][n - 1] ?? 'th'}`;
	return stack.chooseMs
		.map((took, at) => ({ took, place: stack.choosePlace[at] }))
		.sort((p, q) => q.took - p.took)
		.slice(0, how)
		.map(({ took, place }) => `${ms(took)} (${ordinal(place + 1)} tool)`)
		.join(', ');
}

/** "; empty-page floor 4.9 / 12.1 ms", the floor measured just before the choices. */
const floorText = (stack: StackBench) =>
	stack.floorMs?.length
		? `; empty-page floor ${ms(median(stack.floorMs))} / ${ms(percentile(stack.floorMs, 95))}`
		: '';

/** The stack page's rows in the budget table (budget-report.ts adds them). */
export function stackBudgetRows(run: BenchRun): Cell[][] {
	const stack = run.sizes.find((size) => size.stack)?.stack;
	const size = `${count(BUDGETS.stack.atTools)} tools, ${count(BUDGETS.stack.atPairs)} pairs`;
	if (!stack) return [[`Stack page at ${size}`, 'see below', 'not measured', 'n/a']];
	const perPair = stack.graphGzipBytes / stack.pairs;
	const p95 = percentile(stack.chooseMs, 95);
	const measured = stack.chooseMs.length > 0;
	const worked = stack.chooseWorkMs.length > 0;
	return [
		[
			"JavaScript on the stack page: the site's own code (gzip)",
			`React's chunk + ≤ ${kb(BUDGETS.stack.ownJsGzip)}`,
			`${kb(stack.ownJsGzip)} own + ${kb(stack.reactJsGzip)} React`,
			verdict(stack.ownJsGzip <= BUDGETS.stack.ownJsGzip && stack.reactJsGzip > 0),
		],
		[
			`Stack page data at ${size}: the graph file, gzip per pair`,
			`≤ ${BUDGETS.stack.graphGzipPerPair} B`,
			`${perPair.toFixed(1)} B (${kb(stack.graphGzipBytes)} for ${count(stack.pairs)} pairs and ${count(stack.tools)} tools)`,
			verdict(perPair <= BUDGETS.stack.graphGzipPerPair),
		],
		[
			`Stack page at ${size}: a choice's own main-thread work (trace), median / slowest`,
			`≤ ${BUDGETS.stack.chooseWorkMedianMs} ms / ≤ ${BUDGETS.stack.chooseWorkSlowestMs} ms`,
			worked
				? `${ms(median(stack.chooseWorkMs))} / ${ms(Math.max(...stack.chooseWorkMs))} (${stack.chooseWorkMs.length} choices traced)`
				: 'not measured (no Chromium)',
			verdict(
				worked
					? median(stack.chooseWorkMs) <= BUDGETS.stack.chooseWorkMedianMs &&
							Math.max(...stack.chooseWorkMs) <= BUDGETS.stack.chooseWorkSlowestMs &&
							stack.wrong === 0
					: null,
			),
		],
		[
			`Stack page at ${size}: choosing a tool, Enter to the frame showing the plan (wall clock)`,
			'reported beside the empty-page floor',
			measured
				? `p50 ${ms(median(stack.chooseMs))}, p95 ${ms(p95)} (${stack.chooseMs.length} choices, ${stack.wrong} wrong; slowest ${slowestChoices(stack, 3)}; a typed letter p95 ${ms(percentile(stack.typeMs, 95))}; ready ${stack.readyMs === null ? 'n/a' : ms(stack.readyMs, 0)} after navigation${floorText(stack)})${stack.stopped ? `; stopped: ${stack.stopped}` : ''}`
				: 'not measured (no Chromium)',
			'n/a',
		],
	];
}
