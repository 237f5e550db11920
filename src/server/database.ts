// `npm start` keeps an embedded database for its whole life: its own owner process when none is
// running, or the running one (e.g. started on demand by a build, which would exit when idle)
// held open by one connection. If the database goes away, a new owner is started within
// seconds; the functions' pool reconnects by itself.
import type { ChildProcess } from 'node:child_process';
import {
	type EmbeddedDbConfig,
	EmbeddedDbPortTakenError,
	embeddedDbUrl,
} from '../lib/embedded-db/config.server.ts';
import { findOwner } from '../lib/embedded-db/ensure.server.ts';
import { spawnOwner } from '../lib/embedded-db/owner-process.server.ts';
import { connectEmbedded, type Sql } from '../lib/store/embedded.server.ts';
import type { OwnerMessage } from './db-owner.ts';

export interface KeptDatabase {
	url: string;
	/** Stops our owner process cleanly (lock removed) or lets go of someone else's. */
	stop(): Promise<void>;
}

const CHECK_EVERY_MS = 2000;

function startOwner(
	config: EmbeddedDbConfig,
	log: (line: string) => void,
): Promise<{ child: ChildProcess; url: string }> {
	// Node runs the owner's TypeScript itself (type stripping: its files use only erasable
	// syntax), without tsx's loader and the esbuild process it keeps (record 0012).
	const child = spawnOwner(config, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	return new Promise<Extract<OwnerMessage, { ready: string }>>((resolve, reject) => {
		child.once('message', (message: OwnerMessage) => {
			if ('ready' in message) resolve(message);
			else if ('taken' in message)
				reject(new EmbeddedDbPortTakenError(config.port, config.dataDir));
			else reject(new Error(message.busy));
		});
		child.once('exit', (code) => reject(new Error(`the database owner exited with ${code}`)));
		child.once('error', reject);
	}).then(
		(ready) => {
			child.removeAllListeners('exit');
			if (ready.portNote) log(`embedded database: ${ready.portNote}`);
			log(
				`embedded database ready (${config.dataDir}, port ${ready.port}, owner process ${child.pid})`,
			);
			return { child, url: ready.ready };
		},
		(error) => {
			child.kill('SIGTERM');
			throw error;
		},
	);
}

function stopOwner(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.once('exit', () => (clearTimeout(kill), resolve()));
		child.kill('SIGTERM');
	});
}

/**
 * Keeps this checkout's database for the caller's life (record 0020: only ever the one its own
 * data directory's owner serves). Throws EmbeddedDbPortTakenError, whose message is the one
 * sentence to show, when `EMBEDDED_DB_PORT` is held by another program at the start.
 */
export async function keepEmbeddedDb(
	config: EmbeddedDbConfig,
	log: (line: string) => void = console.log,
): Promise<KeptDatabase> {
	let url = embeddedDbUrl(config);
	let owner: ChildProcess | undefined;
	let keeper: Sql | undefined;
	let keptPort: number | undefined;
	let stopped = false;

	const ensure = async () => {
		if (stopped || (owner && owner.exitCode === null && owner.signalCode === null)) return;
		owner = undefined;
		// One open connection keeps an on-demand owner from exiting when idle; while it answers,
		// the owner is the one proven ours when it was opened.
		if (keeper && (await keeper`select 1`.then(() => true).catch(() => false))) return;
		await keeper?.end({ timeout: 1 }).catch(() => {});
		keeper = undefined;
		const found = await findOwner(config);
		if (found.port) {
			if (found.port !== keptPort)
				log(`embedded database already running on port ${found.port}; keeping it open`);
			keptPort = found.port;
			url = embeddedDbUrl(config, found.port);
			keeper = connectEmbedded(url, { max: 1 });
			await keeper`select 1`.catch(() => {});
			return;
		}
		if (found.taken) throw new EmbeddedDbPortTakenError(config.port, config.dataDir);
		keptPort = undefined;
		const started = await startOwner(config, log);
		owner = started.child;
		url = started.url;
		owner.once('exit', (code, signal) => {
			if (stopped) return;
			log(`embedded database owner exited (${signal ?? code}); starting it again`);
			void check();
		});
	};

	// One check at a time: starting an owner takes longer than the interval.
	let checking: Promise<void> | undefined;
	const check = () =>
		(checking ??= ensure()
			.catch((error) => log(`embedded database: ${error.message}`))
			.finally(() => (checking = undefined)));

	await ensure();
	const timer = setInterval(check, CHECK_EVERY_MS);
	timer.unref();
	return {
		get url() {
			return url;
		},
		async stop() {
			stopped = true;
			clearInterval(timer);
			await keeper?.end({ timeout: 1 }).catch(() => {});
			if (owner) await stopOwner(owner);
		},
	};
}
