import type { PublicTable } from './public-table.server.ts';

/** `tool_facts` as the build reads it: anon sees the facts of live tools only (RLS). */
export const FACTS_TABLE: PublicTable = {
	table: 'tool_facts',
	columns: 'tool_id, fact, value, detail, source_url, verified_on, quote, origin',
	orderBy: ['tool_id', 'fact', 'source_url'],
};
