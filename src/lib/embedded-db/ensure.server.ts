import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import {
	type EmbeddedDbConfig,
	EmbeddedDbPortTakenError,
	embeddedDbUrl,
	recordedPort,
} from './config.server.ts';
import { probeOwner } from './identity.server.ts';
import { spawnOwner } from './owner-process.server.ts';

/** `port`: where the owner answers, if it does; `taken`: something else holds `EMBEDDED_DB_PORT`. */
export interface FoundOwner {
	port?: number;
	taken: boolean;
}

/**
 * Where this data directory's owner answers, proven by its answer to a nonce (identity.server.ts),
 * never by a port merely being open: with `EMBEDDED_DB_PORT` set, on that port only; else on the
 * port the owner recorded beside the directory, or on the default one.
 */
export async function findOwner(config: EmbeddedDbConfig): Promise<FoundOwner> {
	const ports = config.portIsDefault
		? [...new Set([recordedPort(config.dataDir) ?? config.port, config.port])]
		: [config.port];
	for (const port of ports) {
		let found = await probeOwner({ ...config, port });
		// A set port is given up on only after a second look (an owner too busy to answer in time).
		if (found === 'other' && !config.portIsDefault) {
			await new Promise((resolve) => setTimeout(resolve, 500));
			found = await probeOwner({ ...config, port });
		}
		if (found === 'ours') return { port, taken: false };
		if (found === 'other' && !config.portIsDefault) return { taken: true };
	}
	return { taken: false };
}

/**
 * Returns the embedded database's URL, starting its owner process in the background when none
 * is running (it exits by itself after a minute unused). Used by the build and the editor
 * tooling; the functions only connect, so a stopped database is a clean 503 there. With
 * `EMBEDDED_DB_PORT` held by another program it throws EmbeddedDbPortTakenError, whose message
 * is the one sentence to show.
 */
export async function ensureEmbeddedDb(config: EmbeddedDbConfig, waitMs = 60_000): Promise<string> {
	const found = await findOwner(config);
	if (found.port) return embeddedDbUrl(config, found.port);
	if (found.taken) throw new EmbeddedDbPortTakenError(config.port, config.dataDir);
	await mkdir(path.dirname(config.dataDir), { recursive: true, mode: 0o700 });
	const log = await open(`${config.dataDir}.log`, 'a');
	const child = spawnOwner(config, {
		args: ['--idle-exit', '60'],
		stdio: ['ignore', log.fd, log.fd],
		detached: true,
	});
	let exitCode: number | null | undefined;
	child.once('exit', (code) => (exitCode = code));
	child.unref();
	await log.close();
	const deadline = Date.now() + waitMs;
	while (Date.now() < deadline) {
		const now = await findOwner(config);
		if (now.port) return embeddedDbUrl(config, now.port);
		// The owner found the set port taken in the meantime (it says why in its log too).
		if (now.taken || exitCode === 4)
			throw new EmbeddedDbPortTakenError(config.port, config.dataDir);
		if (exitCode)
			throw new Error(`the embedded database failed to start; see ${config.dataDir}.log`);
		// Another owner of this directory may still be starting (this one then stepped aside).
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(
		`the embedded database did not start within ${waitMs / 1000} s; see ${config.dataDir}.log`,
	);
}
