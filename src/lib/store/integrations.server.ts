import type { SupabaseClient } from '@supabase/supabase-js';
import { ensureEmbeddedDb } from '../embedded-db/ensure.server.ts';
import type { Config } from '../config.server.ts';
import { connectEmbedded, type Sql } from './embedded.server.ts';
import { supabaseClient } from './supabase.server.ts';
import type { ToolRow } from './types.ts';

// PostgREST caps a response at 1000 rows by default; read in pages of that size.
const PAGE_SIZE = 1000;
const COLUMNS = 'id, tool_low_id, tool_high_id, kind, note, source_url';

/** Read access to `tool_integrations` as the public (anon): RLS shows pairs of live tools only. */
export interface IntegrationReader {
	/** Every integration the public may see, in id order. */
	listLiveIntegrations(): Promise<ToolRow[]>;
	close(): Promise<void>;
}

export function embeddedIntegrationReader(sql: Sql): IntegrationReader {
	return {
		listLiveIntegrations: () =>
			sql.begin(async (tx) => {
				await tx`set local role anon`;
				return tx.unsafe(`select ${COLUMNS} from public.tool_integrations order by id`);
			}) as Promise<ToolRow[]>,
		close: () => sql.end({ timeout: 5 }),
	};
}

export function supabaseIntegrationReader(client: SupabaseClient): IntegrationReader {
	return {
		async listLiveIntegrations() {
			const rows: ToolRow[] = [];
			for (let from = 0; ; from += PAGE_SIZE) {
				const { data, error } = await client
					.from('tool_integrations')
					.select(COLUMNS)
					.order('id', { ascending: true })
					.range(from, from + PAGE_SIZE - 1);
				if (error)
					throw new Error(`reading tool_integrations from Supabase failed: ${error.message}`);
				rows.push(...data);
				if (data.length < PAGE_SIZE) return rows;
			}
		},
		close: async () => {},
	};
}

/**
 * Integrations as the public sees them, from the backend the configuration chose, like
 * `openCatalogueReader` (`loadConfig('build')` has checked the publishable key is there).
 */
export async function openIntegrationReader(config: Config): Promise<IntegrationReader> {
	const { backend } = config;
	if (backend.kind === 'supabase')
		return supabaseIntegrationReader(
			supabaseClient(backend.url, backend.publishableKey!, fetch, config.outboundTimeoutMs),
		);
	return embeddedIntegrationReader(connectEmbedded(await ensureEmbeddedDb(backend.db)));
}
