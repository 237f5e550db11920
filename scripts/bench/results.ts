// The shape of one benchmark run, shared by the steps and the report.
import type { PaintTimings, SearchLatency } from './browser.ts';
import type { FunctionsOutcome } from './functions.ts';
import type { PagePayload } from '../lib/page-payload.ts';
import type { StackBench } from './stack.ts';

export interface SizeResult {
	tools: number;
	build: { wallMs: number; peakRssBytes: number | null; cpuSeconds: number | null };
	dist: { bytes: number; files: number };
	home: PagePayload;
	toolPage: PagePayload & { route: string };
	/** null when no Chromium was found. */
	paints: PaintTimings | null;
	search: SearchLatency | null;
	/** The same typing with the "works with" filter on (the most connected tool's partners). */
	searchWorksWith?: SearchLatency | null;
	/** The stack page, at the size STACK_BUDGETS names (scripts/bench/stack.ts). */
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
	/** Keystroke latency on a page with one empty text box (null without Chromium). */
	frameFloorMs: number[] | null;
	durationMs: number;
}
