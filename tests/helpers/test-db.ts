import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { startEmbeddedDb } from '../../src/lib/embedded-db/server.server.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';

export interface TestDb {
	url: string;
	port: number;
	dataDir: string;
	/** A superuser connection, for arranging and inspecting rows. */
	sql: Sql;
	stop(): Promise<void>;
}

/** A fresh embedded database (migrated and seeded) in a temporary directory. */
export async function startTestDb(
	options: Parameters<typeof startEmbeddedDb>[1] = {},
): Promise<TestDb> {
	const root = await mkdtemp(path.join(os.tmpdir(), 'contech-db-'));
	const dataDir = path.join(root, 'pglite');
	const port = await freePort();
	const db = await startEmbeddedDb({ dataDir, port, host: '127.0.0.1' }, options);
	const sql = connectEmbedded(db.url);
	return {
		url: db.url,
		port,
		dataDir,
		sql,
		async stop() {
			await sql.end({ timeout: 5 });
			await db.stop();
			await rm(root, { recursive: true, force: true });
		},
	};
}
