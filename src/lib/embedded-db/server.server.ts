import { readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
	type EmbeddedDbConfig,
	EmbeddedDbPortTakenError,
	embeddedDbUrl,
	portFile,
	recordedPort,
} from './config.server.ts';
import { type FileLock, LockHeldError, takeFileLock } from './file-lock.server.ts';
import { ownerProof } from './identity.server.ts';
import { embeddedDbStartParams } from './memory.server.ts';
import { migrate } from './migrate.server.ts';
import { embeddedDbPassword } from './password.server.ts';
import { PgliteWireServer } from './wire-server.server.ts';

/** A running embedded database: the only process that has its data directory open. */
export interface RunningEmbeddedDb {
	url: string;
	/** The port it listens on: `config.port`, or a free one when that was held (default port only). */
	port: number;
	/** Set when the default port was held and another was taken: one sentence saying so. */
	portNote?: string;
	applied: string[];
	stop(): Promise<void>;
}

export class EmbeddedDbBusyError extends Error {}
export { EmbeddedDbPortTakenError };

const inUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/**
 * Listens on `config.port`. With the default port (no `EMBEDDED_DB_PORT`) held by another
 * program (another checkout's database, most often), the port this directory's owner took last
 * time (kept while an owner dies and restarts, so clients' addresses stay good), else a free
 * port from the system; with `EMBEDDED_DB_PORT` held, EmbeddedDbPortTakenError.
 */
async function listenOnOwnPort(
	server: PgliteWireServer,
	config: EmbeddedDbConfig,
): Promise<{ port: number; portNote?: string }> {
	const candidates = config.portIsDefault
		? [...new Set([config.port, recordedPort(config.dataDir) ?? config.port, 0])]
		: [config.port];
	for (const candidate of candidates) {
		try {
			const port = await server.listen(candidate, config.host);
			const portNote =
				port === config.port
					? undefined
					: `port ${config.port} is in use by another program (another checkout's database?), so the database in ${config.dataDir} listens on ${port} (written to ${portFile(config.dataDir)}, where this checkout's clients read it)`;
			return { port, portNote };
		} catch (error) {
			if (!inUse(error)) throw error;
		}
	}
	throw new EmbeddedDbPortTakenError(config.port, config.dataDir);
}

/** A set port already held stops the start before the data directory is opened (or created). */
async function checkSetPortFree(config: EmbeddedDbConfig): Promise<void> {
	if (config.portIsDefault) return;
	const probe = net.createServer();
	await new Promise<void>((resolve, reject) => {
		probe.once('error', (error) =>
			inUse(error) ? reject(new EmbeddedDbPortTakenError(config.port, config.dataDir)) : resolve(),
		);
		probe.listen(config.port, config.host, () => probe.close(() => resolve()));
	});
}

/** Written whole to a private name, then renamed: a client never reads half a port. */
async function writePortFile(dataDir: string, port: number): Promise<void> {
	const draft = `${portFile(dataDir)}.${process.pid}`;
	await writeFile(draft, String(port), { mode: 0o600 });
	await rename(draft, portFile(dataDir));
}

/** Takes the data directory's lock: one owner per directory, whatever the timing. */
function lockDataDir(dataDir: string): FileLock {
	try {
		return takeFileLock(`${dataDir}.lock.db`);
	} catch (error) {
		if (!(error instanceof LockHeldError)) throw error;
		let owner = 'unknown';
		try {
			owner = readFileSync(`${dataDir}.pid`, 'utf8').trim();
		} catch {
			// The winner of a race may not have written its pid yet.
		}
		throw new EmbeddedDbBusyError(
			`the embedded database in ${dataDir} is already open by another process (pid ${owner})`,
		);
	}
}

/**
 * Opens the embedded Postgres (PGlite) on its data directory, migrates and seeds it, and
 * serves it over the Postgres wire protocol so the build, the functions and the editor
 * tooling can share it. One owner per directory, enforced by an operating-system lock.
 */
export async function startEmbeddedDb(
	config: EmbeddedDbConfig,
	// seed: false starts an empty catalogue (benchmarks insert their own); the default seeds.
	options: {
		idleExitMs?: number;
		onIdleExit?: () => void;
		seed?: boolean;
		/** Cut off a client idle inside a transaction after this long (default 15 s). */
		idleInTransactionMs?: number;
		/**
		 * Close and open the database again after this process created or migrated it, so that
		 * the owner serves from a fresh instance (`npm start`'s owner, which lives long).
		 */
		reopenAfterSetup?: boolean;
	} = {},
): Promise<RunningEmbeddedDb> {
	// Owner-only: the data files hold subscribers' e-mail addresses.
	await mkdir(path.dirname(config.dataDir), { recursive: true, mode: 0o700 });
	const lock = lockDataDir(config.dataDir);
	// For messages only ("open by pid N"); the lock itself is the kernel's.
	await writeFile(`${config.dataDir}.pid`, String(process.pid), { mode: 0o600 });
	const password = embeddedDbPassword(config.dataDir);
	try {
		await checkSetPortFree(config);
	} catch (error) {
		lock.release();
		throw error;
	}
	let db: PGlite | undefined;
	let server: PgliteWireServer | undefined;
	let applied: string[];
	let listening: { port: number; portNote?: string };
	try {
		// relaxedDurability left off: it only skips awaiting syncToFs, a no-op on a Node directory.
		db = await PGlite.create(config.dataDir, { startParams: embeddedDbStartParams() });
		await chmod(config.dataDir, 0o700);
		applied = await migrate(db, { seed: options.seed });
		if (options.reopenAfterSetup && applied.length) {
			// WebAssembly memory never shrinks: what initdb, the migrations and the seed touched
			// (about 85 MB more than a database opened as it is) would stay resident for the
			// owner's whole life. A second instance starts from PGlite's floor (record 0012).
			await db.close();
			db = await PGlite.create(config.dataDir, { startParams: embeddedDbStartParams() });
		}
		// V8 returns a dropped instance's memory (initdb's, the first one's: about 220 MB) only
		// at a full collection, which an idle owner may not have for hours. `npm start`'s owner
		// runs with --expose-gc (heap-flags.ts); elsewhere `gc` is undefined and this does nothing.
		globalThis.gc?.();
		server = new PgliteWireServer(db, password, options.idleInTransactionMs, (nonce) =>
			ownerProof(password, config.dataDir, nonce),
		);
		listening = await listenOnOwnPort(server, config);
		await writePortFile(config.dataDir, listening.port);
	} catch (error) {
		await server?.close().catch(() => {});
		await db?.close().catch(() => {});
		lock.release();
		throw error;
	}
	let idleTimer: NodeJS.Timeout | undefined;
	let stopping: Promise<void> | undefined;
	const stop = () =>
		(stopping ??= (async () => {
			clearInterval(idleTimer);
			await server?.close();
			await db?.close();
			// Under the lock still: no other owner of this directory can have written it since.
			await rm(portFile(config.dataDir), { force: true });
			lock.release();
		})());
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
	return {
		url: embeddedDbUrl(config, listening.port),
		port: listening.port,
		portNote: listening.portNote,
		applied,
		stop,
	};
}
