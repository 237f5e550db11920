import type { SupabaseClient } from '@supabase/supabase-js';
import { ensureEmbeddedDb } from '../embedded-db/ensure.server.ts';
import type { Config } from '../config.server.ts';
import { connectEmbedded, type Sql } from './embedded.server.ts';
import { supabaseClient } from './supabase.server.ts';
import type { ToolRow } from './types.ts';

// PostgREST caps a response at 1000 rows by default; read in pages of that size.
const PAGE_SIZE = 1000;

/** Which rows of a table the build reads, and in what order (a unique, stable order). */
export interface PublicTable {
	table: string;
	/** A PostgREST/SQL column list: plain column names only. */
	columns: string;
	orderBy: readonly string[];
	/** Newest first: the order columns descending. */
	descending?: boolean;
	/** At most this many rows (all when unset). */
	limit?: number;
}

/** Reads a table as the public (anon): RLS decides which rows the build sees. */
export interface PublicTableReader {
	rows(): Promise<ToolRow[]>;
	close(): Promise<void>;
}

export function embeddedPublicTable(sql: Sql, spec: PublicTable): PublicTableReader {
	return {
		rows: () =>
			sql.begin(async (tx) => {
				await tx`set local role anon`;
				const direction = spec.descending ? ' desc' : '';
				const limit = spec.limit ? ` limit ${Math.trunc(spec.limit)}` : '';
				return tx.unsafe(
					`select ${spec.columns} from public.${spec.table} order by ${spec.orderBy.map((c) => c + direction).join(', ')}${limit}`,
				);
			}) as Promise<ToolRow[]>,
		close: () => sql.end({ timeout: 5 }),
	};
}

export function supabasePublicTable(client: SupabaseClient, spec: PublicTable): PublicTableReader {
	return {
		async rows() {
			const rows: ToolRow[] = [];
			for (let from = 0; ; from += PAGE_SIZE) {
				let query = client.from(spec.table).select(spec.columns);
				for (const column of spec.orderBy)
					query = query.order(column, { ascending: !spec.descending });
				const to = Math.min(from + PAGE_SIZE, spec.limit ?? Infinity) - 1;
				const { data, error } = await query.range(from, to);
				if (error) throw new Error(`reading ${spec.table} from Supabase failed: ${error.message}`);
				rows.push(...(data as unknown as ToolRow[]));
				if (data.length < to - from + 1 || rows.length === spec.limit) return rows;
			}
		},
		close: async () => {},
	};
}

/**
 * A table as the public sees it, from the backend the configuration chose, like
 * `openCatalogueReader` (`loadConfig('build')` has checked the publishable key is there).
 */
export async function openPublicTable(
	config: Config,
	spec: PublicTable,
): Promise<PublicTableReader> {
	const { backend } = config;
	if (backend.kind === 'supabase')
		return supabasePublicTable(
			supabaseClient(backend.url, backend.publishableKey!, fetch, config.outboundTimeoutMs),
			spec,
		);
	return embeddedPublicTable(connectEmbedded(await ensureEmbeddedDb(backend.db)), spec);
}

/** Reads every row of `spec` once and closes the reader. */
export async function readPublicTable(config: Config, spec: PublicTable): Promise<ToolRow[]> {
	const reader = await openPublicTable(config, spec);
	try {
		return await reader.rows();
	} finally {
		await reader.close();
	}
}
