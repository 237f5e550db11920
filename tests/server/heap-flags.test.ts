// `npm start`'s server process gets its V8 flags from package.json, its database owner from
// database.ts, the load benchmark from the same constant: one list, so they cannot drift.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { NODE_HEAP_FLAGS } from '../../src/server/heap-flags.ts';

it('package.json starts the server with the heap flags the owner and the benchmark use', () => {
	const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
	expect(pkg.scripts.start).toBe(`tsx ${NODE_HEAP_FLAGS.join(' ')} scripts/start.ts`);
});
