// The one place that starts the embedded database's owner process (`src/server/db-owner.ts`):
// `npm start` runs it as its child for its whole life (src/server/database.ts), the build and the
// editor start it on demand (ensure.server.ts). Both find the program from this file's own
// location, never from the working directory, and run it on the project's Node 24.
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DATABASE_OWNER_MALLOC, DATABASE_OWNER_NODE_FLAGS } from '../heap-flags.ts';
import type { EmbeddedDbConfig } from './config.server.ts';

// Inside `astro build` this module is bundled into a chunk under the output directory; the
// `sourceImportMetaUrl` plugin of astro.config.mjs keeps `import.meta.url` this source file's.
const projectFile = (relative: string) =>
	fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

/** The owner program. */
export function ownerProgram(): string {
	return projectFile('src/server/db-owner.ts');
}

/**
 * Node 24 runs the owner's TypeScript itself (type stripping: its files use only erasable
 * syntax) and has node:sqlite for the directory lock: this process's Node when it is 24 or later
 * (npm, npx and tsx under npm run the project's own), else the project's from node_modules.
 */
function ownerNode(): string {
	if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
	const own = projectFile('node_modules/node/bin/node');
	return existsSync(own) ? own : process.execPath;
}

/**
 * The owner's environment: the data directory, `EMBEDDED_DB_PORT` only when it was set (so an
 * owner on the default port may take another, and says so, when that one is held), and its
 * allocator setting ahead of any `GLIBC_TUNABLES` of the operator's, which win when they name the
 * same tunable.
 */
export function ownerEnv(config: EmbeddedDbConfig): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		EMBEDDED_DB_DIR: config.dataDir,
		GLIBC_TUNABLES: [DATABASE_OWNER_MALLOC, process.env.GLIBC_TUNABLES].filter(Boolean).join(':'),
	};
	delete env.EMBEDDED_DB_PORT;
	delete env.EMBEDDED_DB_DEFAULT_PORT;
	if (config.portIsDefault) env.EMBEDDED_DB_DEFAULT_PORT = String(config.port);
	else env.EMBEDDED_DB_PORT = String(config.port);
	return env;
}

/** Starts the owner of `config.dataDir` with the owner's V8 flags and allocator (records 0012, 0026). */
export function spawnOwner(
	config: EmbeddedDbConfig,
	options: { args?: string[]; stdio: StdioOptions; detached?: boolean },
): ChildProcess {
	return spawn(
		ownerNode(),
		[...DATABASE_OWNER_NODE_FLAGS, ownerProgram(), ...(options.args ?? [])],
		{
			env: ownerEnv(config),
			stdio: options.stdio,
			detached: options.detached,
		},
	);
}
