// The shape of one benchmark run, shared by the steps and the report.
import type { PaintTimings, SearchLatency } from './browser.ts';
import type { FunctionsOutcome } from './functions.ts';
import type { ComparePayload } from './compare-payload.ts';
import type { ServerLoad } from './server-load-parts.ts';
import type { PagePayload } from './page-payload.ts';
import type { StackBench } from './stack.ts';

export interface SizeResult {
	tools: number;
	build: { wallMs: number; peakRssBytes: number | null; cpuSeconds: number | null };
	dist: { bytes: number; files: number };
	home: PagePayload;
	toolPage: PagePayload & { route: string };
	/**
	 * The market map and the files written beside it (record 0023): the page's payload and tiles,
	 * and each new page's or file's size.
	 */
	landscape?: { page: PagePayload; tiles: number; files: Record<string, number> };
	/** The compare page with the build's four largest tool files, and with four median ones. */
	compare?: { largest: ComparePayload; typicalGzip: number };
	/** null when no Chromium was found. */
	paints: PaintTimings | null;
	search: SearchLatency | null;
	/**
	 * The same typing with every other filter on: a category and "works with" the most connected
	 * tool (`filters` is the address it opened with).
	 */
	searchAllFilters?: (SearchLatency & { filters: string }) | null;
	/** Milliseconds from first contentful paint to the first answer of the search box, per cold load. */
	answerAfterPaintMs?: number[] | null;
	/** The stack page, at the size BUDGETS.stack names (bench/stack.ts). */
	stack?: StackBench;
	/** 1-minute load average when the build and the browser runs started: above the core count, other work shared the CPU. */
	loadAverage: { build: number; browser: number | null };
}

export interface BenchRun {
	command: string;
	quick: boolean;
	machine: Record<string, string>;
	/** What was built: a commit, and whether the working tree had uncommitted changes. */
	source: string;
	sizes: SizeResult[];
	/** Functions measured at each concurrency level (1 = one request at a time). */
	functions: FunctionsOutcome[];
	/** `npm start` under load and its memory (null when the revision has no server of its own). */
	serverLoad?: ServerLoad | null;
	/** Keystroke latency on a page with one empty text box (null without Chromium). */
	frameFloorMs: number[] | null;
	durationMs: number;
}
