// The benchmark's reading of Chromium's trace: which tasks were the HTML parser's, and the
// difference between a page with no long task (a result) and a trace without the page (a fault).
import { describe, expect, it } from 'vitest';
import { mainThreadTasks } from '../../scripts/bench/trace.ts';

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
