import path from 'node:path';
import { embeddedDbPassword } from './password.server.ts';

/** Where the embedded database keeps its files and where its one owner process listens. */
export interface EmbeddedDbConfig {
	dataDir: string;
	port: number;
	host: string;
}

/** Embedded database settings from the environment (`EMBEDDED_DB_DIR`, `EMBEDDED_DB_PORT`). */
export function embeddedDbConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedDbConfig {
	const port = Number(env.EMBEDDED_DB_PORT ?? 54329);
	if (!Number.isInteger(port) || port < 1 || port > 65535) {
		throw new Error(`EMBEDDED_DB_PORT must be a TCP port number, got "${env.EMBEDDED_DB_PORT}"`);
	}
	return {
		dataDir: path.resolve(env.EMBEDDED_DB_DIR ?? '.data/pglite'),
		port,
		host: '127.0.0.1',
	};
}

/**
 * Connection string for the embedded database's Postgres wire-protocol server, with its
 * password (read from the owner-only file next to the data directory). Every local client
 * (build, functions, editor, tests, bench) connects through this.
 */
export function embeddedDbUrl(config: EmbeddedDbConfig): string {
	const password = embeddedDbPassword(config.dataDir);
	return `postgres://postgres:${password}@${config.host}:${config.port}/postgres`;
}
