// The shape of one benchmark run, shared by the steps and the report.
import type { PaintTimings, SearchLatency } from './browser.ts';
import type { FunctionsOutcome } from './functions.ts';
import type { PagePayload } from './payload.ts';

export interface SizeResult {
	tools: number;
	build: { wallMs: number; peakRssBytes: number | null; cpuSeconds: number | null };
	dist: { bytes: number; files: number };
	home: PagePayload;
	toolPage: PagePayload & { route: string };
	/** null when no Chromium was found. */
	paints: PaintTimings | null;
	search: SearchLatency | null;
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
	/** Keystroke latency on a page with one empty text box (null without Chromium). */
	frameFloorMs: number[] | null;
	durationMs: number;
}

/** The budgets of ../shared/DESIGN.md ("Budgets"), in bytes and milliseconds (KB = 1,000 bytes). */
export const BUDGETS = {
	homeJsGzip: 75_000,
	islandlessJs: 0,
	homeGzipPerTool: 250,
	searchP95Ms: 16,
	searchAt: 10_000,
	/** No main-thread task longer than this while the home page renders, at `searchAt` tools. */
	longTaskMs: 200,
	buildAt: 10_000,
	buildWallMs: 60_000,
	buildRssBytes: 1.5e9,
	/** Marginal build cost per tool may vary this much between size intervals and still be linear. */
	linearTolerance: 1.5,
	functionP99Ms: 50,
} as const;
