// The benchmark's reading of Chromium's trace: which tasks were the HTML parser's, and the
// difference between a page with no long task (a result) and a trace without the page (a fault).
import { describe, expect, it } from 'vitest';
import { keyPressWork, mainThreadTasks } from '../../bench/trace.ts';

const URL = 'http://127.0.0.1:4321/';
const thread = { pid: 1, tid: 7 };
const meta = { ...thread, ts: 0, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } };
const parse = (ts: number, dur: number) => ({
	...thread,
	ts,
	dur,
	ph: 'X',
	name: 'ParseHTML',
	args: { beginData: { url: URL } },
});
const task = (ts: number, dur: number) => ({ ...thread, ts, dur, ph: 'X', name: 'RunTask' });
const event = (name: string, ts: number, dur: number) => ({ ...thread, ts, dur, ph: 'X', name });
const trace = (...events: object[]) => JSON.stringify({ traceEvents: [meta, ...events] });

describe('mainThreadTasks', () => {
	it('tells a parser chunk from a layout task, longest events first', () => {
		const tasks = mainThreadTasks(
			trace(
				task(1_000, 300_000),
				parse(1_000, 290_000),
				task(400_000, 120_000),
				event('Layout', 400_000, 100_000),
				event('Paint', 500_000, 10_000),
			),
			URL,
		);
		expect(tasks).toEqual([
			{ durationMs: 300, startMs: 0, topLevel: ['ParseHTML'], parserChunk: true },
			{ durationMs: 120, startMs: 399, topLevel: ['Layout', 'Paint'], parserChunk: false },
		]);
	});

	it('finds no task when none reached 50 ms, and null when the page is not in the trace', () => {
		expect(mainThreadTasks(trace(task(1_000, 20_000), parse(1_000, 19_000)), URL)).toEqual([]);
		expect(mainThreadTasks(trace(task(1_000, 80_000)), URL)).toBeNull();
	});
});

describe('keyPressWork', () => {
	const keydown = (ts: number) => ({
		...thread,
		ts,
		dur: 100,
		ph: 'X',
		name: 'EventDispatch',
		args: { data: { type: 'keydown' } },
	});

	it('adds the keydown task and those after it through the first that drew a frame', () => {
		const work = keyPressWork(
			trace(
				task(0, 5_000), // before the key: not counted
				task(10_000, 3_000),
				keydown(10_100),
				event('FunctionCall', 10_200, 2_500),
				task(20_000, 1_000), // a timer: counted
				task(30_000, 2_000),
				event('UpdateLayoutTree', 30_100, 500),
				event('Paint', 31_000, 500),
				task(40_000, 9_000), // after the frame: not counted
			),
		);
		expect(work).toBe(6); // 3 + 1 + 2 ms
	});

	it('says nothing when the trace holds no key press', () => {
		expect(keyPressWork(trace(task(0, 1_000)))).toBeNull();
	});
});
