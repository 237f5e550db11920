// `npm start` keeps an embedded database for its whole life: its own owner process when none is
// running, or the running one (e.g. started on demand by a build, which would exit when idle)
// held open by one connection. If the database goes away, a new owner is started within
// seconds; the functions' pool reconnects by itself.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type EmbeddedDbConfig, embeddedDbUrl } from '../lib/embedded-db/config.server.ts';
import { isListening } from '../lib/embedded-db/ensure.server.ts';
import { connectEmbedded, type Sql } from '../lib/store/embedded.server.ts';
import type { OwnerMessage } from './db-owner.ts';
import { DATABASE_OWNER_NODE_FLAGS } from './heap-flags.ts';

export interface KeptDatabase {
	url: string;
	/** Stops our owner process cleanly (lock removed) or lets go of someone else's. */
	stop(): Promise<void>;
}

const CHECK_EVERY_MS = 2000;

function startOwner(config: EmbeddedDbConfig, log: (line: string) => void): Promise<ChildProcess> {
	// Node runs the owner's TypeScript itself (type stripping: its files use only erasable
	// syntax), without tsx's loader and the esbuild process it keeps (record 0012).
	const child = spawn(
		process.execPath,
		[...DATABASE_OWNER_NODE_FLAGS, path.resolve(import.meta.dirname, 'db-owner.ts')],
		{
			env: {
				...process.env,
				EMBEDDED_DB_DIR: config.dataDir,
				EMBEDDED_DB_PORT: String(config.port),
			},
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		},
	);
	return new Promise((resolve, reject) => {
		child.once('message', (message: OwnerMessage) => {
			if ('ready' in message) resolve(child);
			else reject(new Error(message.busy));
		});
		child.once('exit', (code) => reject(new Error(`the database owner exited with ${code}`)));
		child.once('error', reject);
	}).then(
		() => {
			child.removeAllListeners('exit');
			log(`embedded database ready (${config.dataDir}, owner process ${child.pid})`);
			return child;
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

export async function keepEmbeddedDb(
	config: EmbeddedDbConfig,
	log: (line: string) => void = console.log,
): Promise<KeptDatabase> {
	const url = embeddedDbUrl(config);
	let owner: ChildProcess | undefined;
	let keeper: Sql | undefined;
	let stopped = false;

	const ensure = async () => {
		if (stopped || (owner && owner.exitCode === null && owner.signalCode === null)) return;
		owner = undefined;
		if (await isListening(config)) {
			if (!keeper) {
				log(`embedded database already running on port ${config.port}; keeping it open`);
				keeper = connectEmbedded(url, { max: 1 });
			}
			// One open connection keeps an on-demand owner from exiting when idle.
			await keeper`select 1`.catch(() => {});
			return;
		}
		await keeper?.end({ timeout: 1 }).catch(() => {});
		keeper = undefined;
		owner = await startOwner(config, log);
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
		url,
		async stop() {
			stopped = true;
			clearInterval(timer);
			await keeper?.end({ timeout: 1 }).catch(() => {});
			if (owner) await stopOwner(owner);
		},
	};
}
