// Record 0012: the database owner's memory grew run after run under load. PGlite's
// execProtocolRaw keeps every reply message it parses; the owner's execRaw keeps nothing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const ROUNDS = 2000;

async function heapGrowth(mode: 'raw' | 'stream') {
	const { stdout } = await run(
		process.execPath,
		['--expose-gc', '--import', 'tsx', 'tests/server/exec-raw-heap.ts', mode, String(ROUNDS)],
		{ timeout: 60_000 },
	);
	return JSON.parse(stdout.trim().split('\n').at(-1)!) as { grewBytes: number; queryAfter: number };
}

it('keeps no JavaScript heap per protocol round trip, and PGlite queries still work after', async () => {
	const stream = await heapGrowth('stream');
	expect(stream.queryAfter).toBe(2);
	// A few hundred bytes of noise at most; the kept messages were about 1 KB per round trip.
	expect(stream.grewBytes).toBeLessThan(ROUNDS * 100);
}, 90_000);

it("the measure can tell: PGlite's own execProtocolRaw does keep them", async () => {
	const raw = await heapGrowth('raw');
	expect(raw.grewBytes).toBeGreaterThan(ROUNDS * 300);
}, 90_000);
