import { readFileSync } from 'node:fs';
import path from 'node:path';
import { embeddedDbPassword } from './password.server.ts';

/** The port a checkout's database tries first when `EMBEDDED_DB_PORT` is unset. */
export const DEFAULT_EMBEDDED_DB_PORT = 54329;

/** Where the embedded database keeps its files and where its one owner process listens. */
export interface EmbeddedDbConfig {
	dataDir: string;
	/** `EMBEDDED_DB_PORT`, or the port tried first when it is unset (see `portIsDefault`). */
	port: number;
	host: string;
	/**
	 * True when no `EMBEDDED_DB_PORT` was set: the owner may take a free port when `port` is held
	 * by anything else (another checkout's database), and writes the one it took beside the data
	 * directory (`portFile`), where every client of the checkout reads it (record 0020). False (or
	 * absent): the port is required, and a port held by anything else stops the start.
	 */
	portIsDefault?: boolean;
}

/**
 * Embedded database settings from the environment (`EMBEDDED_DB_DIR`, `EMBEDDED_DB_PORT`;
 * `EMBEDDED_DB_DEFAULT_PORT` moves the port tried first, so tests never touch the real 54329).
 */
export function embeddedDbConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedDbConfig {
	const given = env.EMBEDDED_DB_PORT || undefined;
	const name = given ? 'EMBEDDED_DB_PORT' : 'EMBEDDED_DB_DEFAULT_PORT';
	const raw = given ?? env.EMBEDDED_DB_DEFAULT_PORT;
	const port = Number(raw || DEFAULT_EMBEDDED_DB_PORT);
	if (!Number.isInteger(port) || port < 1 || port > 65535) {
		throw new Error(`${name} must be a TCP port number, got "${raw}"`);
	}
	return {
		dataDir: path.resolve(env.EMBEDDED_DB_DIR || '.data/pglite'),
		port,
		host: '127.0.0.1',
		portIsDefault: given === undefined,
	};
}

/** `EMBEDDED_DB_PORT` is held by something that is not this data directory's owner. */
export class EmbeddedDbPortTakenError extends Error {
	constructor(port: number, dataDir: string) {
		super(
			`EMBEDDED_DB_PORT=${port} is in use by another program, not by the database in ${dataDir}: stop that program, set EMBEDDED_DB_PORT to a free port, or unset it to let this checkout pick one.`,
		);
	}
}

/** Where the owner writes the port it listens on: beside the data directory, as the password. */
export function portFile(dataDir: string): string {
	return `${dataDir}.port`;
}

/** The port the data directory's owner wrote (it may have stopped since), or undefined. */
export function recordedPort(dataDir: string): number | undefined {
	try {
		const port = Number(readFileSync(portFile(dataDir), 'utf8').trim());
		return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The port this checkout's clients connect to: `EMBEDDED_DB_PORT` when it is set, else the one
 * the owner recorded (it took another than the default when that was held), else the default.
 */
export function embeddedDbPort(config: EmbeddedDbConfig): number {
	return (config.portIsDefault && recordedPort(config.dataDir)) || config.port;
}

/**
 * Connection string for the embedded database's Postgres wire-protocol server, with its
 * password (read from the owner-only file next to the data directory). Every local client
 * (build, functions, editor, tests, bench) connects through this; the build, the editor and
 * `npm start` first make sure the port is their own directory's owner (`ensure.server.ts`).
 */
export function embeddedDbUrl(config: EmbeddedDbConfig, port = embeddedDbPort(config)): string {
	const password = embeddedDbPassword(config.dataDir);
	return `postgres://postgres:${password}@${config.host}:${port}/postgres`;
}
