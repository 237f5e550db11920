import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueReader, ToolRow } from './types.ts';

// PostgREST caps a response at 1000 rows by default; the build reads in pages of that size.
const PAGE_SIZE = 1000;

/** A supabase-js client that never persists or refreshes a session (server-side use). */
export function supabaseClient(url: string, key: string, fetchImpl?: typeof fetch): SupabaseClient {
	return createClient(url, key, {
		auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
		global: fetchImpl ? { fetch: fetchImpl } : {},
	});
}

/** Reads the catalogue through the Supabase REST API with the publishable (anon) key. */
export function supabaseCatalogueReader(client: SupabaseClient): CatalogueReader {
	return {
		async listLiveTools() {
			const rows: ToolRow[] = [];
			for (let from = 0; ; from += PAGE_SIZE) {
				const { data, error } = await client
					.from('construction_apps')
					.select('*')
					.eq('status', 'live')
					.order('name_sort', { ascending: true })
					.order('name', { ascending: true })
					.order('id', { ascending: true })
					.range(from, from + PAGE_SIZE - 1);
				if (error)
					throw new Error(`reading construction_apps from Supabase failed: ${error.message}`);
				rows.push(...data);
				if (data.length < PAGE_SIZE) return rows;
			}
		},
		close: async () => {},
	};
}
