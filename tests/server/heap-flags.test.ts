// `npm start`'s server process gets its V8 flags from package.json, its database owner from
// database.ts: package.json's script is held to the constant that documents them.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/heap-flags.ts';

it('package.json runs the server with node itself, its heap flags and tsx loaded in-process', () => {
	const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
	// No tsx command: its wrapper process only waited for the server, 55 MB (record 0012).
	expect(pkg.scripts.start).toBe(
		`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx scripts/start.ts`,
	);
});
