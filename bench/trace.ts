// The page's main-thread tasks from a Chromium trace, each with what it was for: the budget of
// page work (docs/design.md) allows long tasks that are Chromium's own HTML-parser chunks
// and no others, which the Long Tasks API (a duration and nothing else) cannot tell apart.
//
// How a parser chunk is recognised. Blink runs every main-thread task under one trace event,
// `RunTask` (category disabled-by-default-devtools.timeline, the one DevTools' performance
// panel draws as "Task"). The events inside it say what the task was: `ParseHTML` is written
// by HTMLDocumentParser::PumpTokenizer around each chunk of tokenizing and tree building
// (html_document_parser.cc), `EvaluateScript`/`FunctionCall` for scripts,
// `UpdateLayoutTree`/`Layout`/`Paint` for rendering, and so on. A task is a parser chunk when
// (1) its first top-level event is the parser's own (`ParseHTML`, `HTMLDocumentParser::…`,
// `DecodedDataDocumentParser::…`) or the loader handing the parser the document's bytes
// (`NavigationBodyLoader::…`, `DocumentLoader::…`, inside which Blink may parse at once), and
// (2) the parser's events, at any depth, cover at least half of its wall time. So a chunk that
// also ran a parser-blocking inline script or forced a layout still counts as the parser's
// (Blink decides when it yields), but the first layout and paint of the page, hydration, or a
// task that merely starts with a short parse and then runs scripts does not. Events nest by
// time on one thread: complete events (ph X) carry their duration, others come as begin/end
// pairs (ph B/E) and are paired here.

/** Trace categories for `browser.startTracing`: DevTools' own timeline set, no screenshots. */
export const PAGE_WORK_CATEGORIES = [
	'devtools.timeline',
	'disabled-by-default-devtools.timeline',
	'v8.execute',
	'blink.user_timing',
	'loading',
];

/** Tasks shorter than this are not listed: the Long Tasks API's line. */
export const LONG_TASK_MS = 50;

/** A parser chunk's parser events must cover at least this share of its wall time. */
const PARSER_SHARE = 0.5;

export interface MainThreadTask {
	/** Wall time of the task, ms. */
	durationMs: number;
	/** Start, ms from the navigation's first event on that thread. */
	startMs: number;
	/** Names of the events directly inside the task, longest first (at most three). */
	topLevel: string[];
	/** Chromium's own HTML-parser chunk (see above). */
	parserChunk: boolean;
}

interface TraceEvent {
	pid: number;
	tid: number;
	ts: number;
	dur?: number;
	ph: string;
	name: string;
	args?: { name?: string; beginData?: { url?: string }; data?: { url?: string; type?: string } };
}

interface Span {
	name: string;
	start: number;
	end: number;
}

const isParserEvent = (name: string) =>
	name === 'ParseHTML' ||
	name.startsWith('HTMLDocumentParser::') ||
	name.startsWith('DecodedDataDocumentParser::');
const isLoaderEvent = (name: string) =>
	name.startsWith('NavigationBodyLoader::') || name.startsWith('DocumentLoader::');

/** Complete events and begin/end pairs of one thread as spans, in start order (outer first). */
function spansOf(events: TraceEvent[]): Span[] {
	const spans: Span[] = [];
	const open = new Map<string, TraceEvent[]>();
	for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
		if (event.ph === 'X' && event.dur !== undefined)
			spans.push({ name: event.name, start: event.ts, end: event.ts + event.dur });
		else if (event.ph === 'B') open.set(event.name, [...(open.get(event.name) ?? []), event]);
		else if (event.ph === 'E') {
			const begin = open.get(event.name)?.pop();
			if (begin) spans.push({ name: event.name, start: begin.ts, end: event.ts });
		}
	}
	return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Every main-thread task of the renderer that parsed `url`, longer than `minMs`, with its
 * top-level events and whether it was a parser chunk; none when no task was that long, null
 * when the trace has no renderer that parsed `url` (a trace that cannot say anything).
 */
export function mainThreadTasks(
	trace: Buffer | string,
	url: string,
	minMs = LONG_TASK_MS,
): MainThreadTask[] | null {
	const parsed = JSON.parse(String(trace)) as { traceEvents: TraceEvent[] } | TraceEvent[];
	const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
	const mainThreads = new Set(
		events
			.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
			.map((e) => `${e.pid}:${e.tid}`),
	);
	// The renderer main thread whose parser began on the page measured.
	const pageThread = events.find(
		(e) =>
			e.name === 'ParseHTML' &&
			mainThreads.has(`${e.pid}:${e.tid}`) &&
			(e.args?.beginData?.url ?? '').startsWith(url),
	);
	if (!pageThread) return null;
	const thread = events.filter((e) => e.pid === pageThread.pid && e.tid === pageThread.tid);
	const spans = spansOf(thread);
	const origin = spans[0]?.start ?? 0;
	const tasks: MainThreadTask[] = [];
	for (const [index, task] of spans.entries()) {
		if (task.name !== 'RunTask' || (task.end - task.start) / 1000 < minMs) continue;
		// Direct children: spans inside the task not inside an earlier child; the parser's
		// outermost spans at any depth.
		const children: Span[] = [];
		let parserTime = 0;
		let parserUntil = -Infinity;
		for (const span of spans.slice(index + 1)) {
			if (span.start >= task.end) break;
			if (span.end > task.end || span.name === 'RunTask') continue;
			if (isParserEvent(span.name) && span.start >= parserUntil) {
				parserTime += span.end - span.start;
				parserUntil = span.end;
			}
			if (children.length && span.start < children.at(-1)!.end) continue;
			children.push(span);
		}
		const first = children[0]?.name ?? '';
		const duration = task.end - task.start;
		tasks.push({
			durationMs: duration / 1000,
			startMs: (task.start - origin) / 1000,
			topLevel: [...children]
				.sort((a, b) => b.end - b.start - (a.end - a.start))
				.slice(0, 3)
				.map((child) => child.name),
			parserChunk:
				(isParserEvent(first) || isLoaderEvent(first)) && parserTime >= PARSER_SHARE * duration,
		});
	}
	return tasks;
}

/** Rendering events: a task holding one of them drew a frame (style, layout, paint). */
const FRAME_EVENTS = new Set(['Paint', 'PrePaint', 'Layerize', 'UpdateLayoutTree', 'Layout']);

/**
 * The page's own main-thread work for one key press (the stack page's budget, docs/design.md): the wall time of
 * every renderer main-thread task from the one that dispatched the `keydown` through the first
 * later task that drew a frame (script, style, layout, paint up to the frame showing the
 * result), ms; null when the trace holds no such key press. Tracing only this press: the first
 * keydown in the trace.
 */
export function keyPressWork(trace: Buffer | string): number | null {
	const parsed = JSON.parse(String(trace)) as { traceEvents: TraceEvent[] } | TraceEvent[];
	const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
	const keydown = events.find(
		(e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown',
	);
	if (!keydown) return null;
	const spans = spansOf(events.filter((e) => e.pid === keydown.pid && e.tid === keydown.tid));
	// Top-level tasks only: a nested RunTask is part of the one around it.
	const tasks = spans
		.filter((span) => span.name === 'RunTask')
		.filter((task, at, all) => at === 0 || task.start >= all[at - 1].end);
	const first = tasks.findIndex((task) => task.start <= keydown.ts && keydown.ts < task.end);
	if (first === -1) return null;
	let work = 0;
	for (const task of tasks.slice(first)) {
		work += task.end - task.start;
		const drew =
			task !== tasks[first] &&
			spans.some(
				(span) => FRAME_EVENTS.has(span.name) && span.start >= task.start && span.end <= task.end,
			);
		if (drew) break;
	}
	return work / 1000;
}
