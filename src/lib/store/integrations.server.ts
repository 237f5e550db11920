import type { SupabaseClient } from '@supabase/supabase-js';
import type { Config } from '../config.server.ts';
import type { Sql } from './embedded.server.ts';
import {
	embeddedPublicTable,
	openPublicTable,
	type PublicTable,
	type PublicTableReader,
	supabasePublicTable,
} from './public-table.server.ts';
import type { ToolRow } from './types.ts';

export const INTEGRATIONS_TABLE: PublicTable = {
	table: 'tool_integrations',
	columns:
		'id, tool_low_id, tool_high_id, kind, note, source_url, direction, moves, via, via_service, status, verified_on',
	orderBy: ['id'],
};

/** Read access to `tool_integrations` as the public (anon): RLS shows pairs of live tools only. */
export interface IntegrationReader {
	/** Every integration the public may see, in id order. */
	listLiveIntegrations(): Promise<ToolRow[]>;
	close(): Promise<void>;
}

const asIntegrationReader = (reader: PublicTableReader): IntegrationReader => ({
	listLiveIntegrations: () => reader.rows(),
	close: () => reader.close(),
});

export const embeddedIntegrationReader = (sql: Sql) =>
	asIntegrationReader(embeddedPublicTable(sql, INTEGRATIONS_TABLE));

export const supabaseIntegrationReader = (client: SupabaseClient) =>
	asIntegrationReader(supabasePublicTable(client, INTEGRATIONS_TABLE));

/** Integrations as the public sees them, from the backend the configuration chose. */
export const openIntegrationReader = async (config: Config) =>
	asIntegrationReader(await openPublicTable(config, INTEGRATIONS_TABLE));

/** What was looked for where a tool's own pages document no integration (record 0028). */
export const INTEGRATION_SEARCHES_TABLE: PublicTable = {
	table: 'integration_searches',
	columns: 'tool_id, searched_on, looked_at',
	orderBy: ['tool_id'],
};
