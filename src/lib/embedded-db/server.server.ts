import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type EmbeddedDbConfig, embeddedDbUrl } from './config.server.ts';
import { migrate } from './migrate.server.ts';
import { PgliteWireServer } from './wire-server.server.ts';

/** A running embedded database: the only process that has its data directory open. */
export interface RunningEmbeddedDb {
	url: string;
	applied: string[];
	stop(): Promise<void>;
}

export class EmbeddedDbBusyError extends Error {}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Takes the data directory's lock file, clearing one left by a process that died. */
async function acquireLock(lockFile: string): Promise<void> {
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const handle = await open(lockFile, 'wx');
			await handle.writeFile(String(process.pid));
			await handle.close();
			return;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const owner = Number(await readFile(lockFile, 'utf8').catch(() => ''));
			if (owner && isAlive(owner)) {
				throw new EmbeddedDbBusyError(
					`the embedded database in ${path.dirname(lockFile)} is already open by process ${owner}`,
				);
			}
			await rm(lockFile, { force: true });
		}
	}
	throw new EmbeddedDbBusyError(`could not lock ${lockFile}`);
}

/**
 * Opens the embedded Postgres (PGlite) on its data directory, migrates and seeds it, and
 * serves it over the Postgres wire protocol so the build, the functions and the editor
 * tooling can share it. One owner per directory, enforced by a lock file.
 */
export async function startEmbeddedDb(
	config: EmbeddedDbConfig,
	// seed: false starts an empty catalogue (benchmarks insert their own); the default seeds.
	options: { idleExitMs?: number; onIdleExit?: () => void; seed?: boolean } = {},
): Promise<RunningEmbeddedDb> {
	await mkdir(path.dirname(config.dataDir), { recursive: true });
	const lockFile = `${config.dataDir}.lock`;
	await acquireLock(lockFile);
	let db: PGlite | undefined;
	let server: PgliteWireServer | undefined;
	let applied: string[];
	try {
		// relaxedDurability left off: it only skips awaiting syncToFs, a no-op on a Node directory.
		db = await PGlite.create(config.dataDir);
		applied = await migrate(db, { seed: options.seed });
		server = new PgliteWireServer(db);
		await server.listen(config.port, config.host);
	} catch (error) {
		await db?.close().catch(() => {});
		await rm(lockFile, { force: true });
		throw error;
	}
	let idleTimer: NodeJS.Timeout | undefined;
	const stop = async () => {
		clearInterval(idleTimer);
		await server?.close();
		await db?.close();
		await rm(lockFile, { force: true });
	};
	if (options.idleExitMs) {
		// A database started on demand goes away once nobody has used it for a while.
		let idleSince = Date.now();
		idleTimer = setInterval(() => {
			if (server!.activeConnections > 0) idleSince = Date.now();
			else if (Date.now() - idleSince > options.idleExitMs!) {
				void stop().then(options.onIdleExit);
			}
		}, 1000);
		idleTimer.unref();
	}
	return { url: embeddedDbUrl(config), applied, stop };
}
