import { spawn } from 'node:child_process';
import { mkdir, open } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { type EmbeddedDbConfig, embeddedDbUrl } from './config.server.ts';

/** True when something accepts TCP connections at the embedded database's address. */
export function isListening(config: EmbeddedDbConfig, timeoutMs = 1000): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: config.host, port: config.port });
		const done = (up: boolean) => {
			socket.destroy();
			resolve(up);
		};
		socket.setTimeout(timeoutMs, () => done(false));
		socket.once('connect', () => done(true));
		socket.once('error', () => done(false));
	});
}

/**
 * Returns the embedded database's URL, starting its owner process in the background when
 * none is running (it exits by itself after a minute unused). Used by the build and the
 * editor tooling; the functions only connect, so a stopped database is a clean 503 there.
 */
export async function ensureEmbeddedDb(config: EmbeddedDbConfig, waitMs = 60_000): Promise<string> {
	if (await isListening(config)) return embeddedDbUrl(config);
	await mkdir(path.dirname(config.dataDir), { recursive: true });
	const log = await open(`${config.dataDir}.log`, 'a');
	const child = spawn(
		path.resolve('node_modules/.bin/tsx'),
		[path.resolve('scripts/db-server.ts'), '--idle-exit', '60'],
		{
			detached: true,
			stdio: ['ignore', log.fd, log.fd],
			env: {
				...process.env,
				// tsx runs the first `node` on PATH: the project's own Node 24 (node:sqlite for the
				// directory lock), also when this process was started outside npm.
				PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
				EMBEDDED_DB_DIR: config.dataDir,
				EMBEDDED_DB_PORT: String(config.port),
			},
		},
	);
	child.unref();
	await log.close();
	const deadline = Date.now() + waitMs;
	while (Date.now() < deadline) {
		if (await isListening(config)) return embeddedDbUrl(config);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(
		`the embedded database did not start within ${waitMs / 1000} s; see ${config.dataDir}.log`,
	);
}
