import postgres from 'postgres';
import type { EmbeddedDbConfig } from '../embedded-db/config.server.ts';
import { ensureEmbeddedDb } from '../embedded-db/ensure.server.ts';
import type { CatalogueReader, ToolRow } from './types.ts';

/** A connection to the embedded database's owner process (see `embedded-db/`). */
export function connectEmbedded(url: string, options: { max?: number } = {}) {
	// prepare: false because every client shares one PGlite session, so named
	// prepared statements from two processes would collide.
	return postgres(url, {
		max: options.max ?? 4,
		prepare: false,
		idle_timeout: 20,
		connect_timeout: 5,
		onnotice: () => {},
	});
}

export type Sql = ReturnType<typeof connectEmbedded>;

const sharedPools = new Map<string, Sql>();

/**
 * One small pool per database for every function of this process (`npm start` serves both
 * functions warm from one process). postgres.js replaces a broken connection on the next query,
 * so the pool recovers by itself after the database restarts.
 */
export function sharedEmbeddedPool(url: string): Sql {
	let sql = sharedPools.get(url);
	if (!sql) sharedPools.set(url, (sql = connectEmbedded(url, { max: 4 })));
	return sql;
}

/**
 * Forgets and closes a shared pool after a failed call: postgres.js can leave queries waiting
 * forever on a database that died (porsager/postgres#970), so the next call starts a new pool.
 */
export function dropSharedEmbeddedPool(url: string): void {
	const sql = sharedPools.get(url);
	sharedPools.delete(url);
	void sql?.end({ timeout: 0 }).catch(() => {});
}

/** Reads as `anon`, so Row Level Security decides what the build sees, as with Supabase. */
export function embeddedCatalogueReader(sql: Sql): CatalogueReader {
	return {
		async listLiveTools() {
			return sql.begin(async (tx) => {
				await tx`set local role anon`;
				return tx<ToolRow[]>`
					select * from public.construction_apps
					where status = 'live'
					order by name_sort, name, id`;
			}) as Promise<ToolRow[]>;
		},
		close: () => sql.end({ timeout: 5 }),
	};
}

/** Opens the embedded catalogue, starting the embedded database if it is not running. */
export async function openEmbeddedCatalogue(db: EmbeddedDbConfig): Promise<CatalogueReader> {
	const url = await ensureEmbeddedDb(db);
	return embeddedCatalogueReader(connectEmbedded(url));
}
