// `npm start`'s server process gets its V8 flags from package.json, its database owner from
// owner-process.server.ts: package.json's script is held to the constant that documents them.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { embeddedDbConfig } from '../../src/lib/embedded-db/config.server.ts';
import { ownerEnv } from '../../src/lib/embedded-db/owner-process.server.ts';
import { DATABASE_OWNER_MALLOC, SERVER_NODE_FLAGS } from '../../src/lib/heap-flags.ts';

it('package.json runs the server with node itself, its heap flags and tsx loaded in-process', () => {
	const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
	// No tsx command: its wrapper process only waited for the server, 55 MB (record 0012).
	expect(pkg.scripts.start).toBe(
		`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx scripts/start.ts`,
	);
});

it("sets the owner's allocator ahead of the operator's own GLIBC_TUNABLES, which win on a tie", () => {
	const config = embeddedDbConfig({ EMBEDDED_DB_DIR: '/tmp/contech-owner-env' });
	const saved = process.env.GLIBC_TUNABLES;
	try {
		delete process.env.GLIBC_TUNABLES;
		expect(ownerEnv(config).GLIBC_TUNABLES).toBe(DATABASE_OWNER_MALLOC);
		process.env.GLIBC_TUNABLES = 'glibc.malloc.arena_max=1';
		expect(ownerEnv(config).GLIBC_TUNABLES).toBe(
			`${DATABASE_OWNER_MALLOC}:glibc.malloc.arena_max=1`,
		);
	} finally {
		if (saved === undefined) delete process.env.GLIBC_TUNABLES;
		else process.env.GLIBC_TUNABLES = saved;
	}
});
