import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueReader, ToolRow } from './types.ts';

// PostgREST caps a response at 1000 rows by default; the build reads in pages of that size.
const PAGE_SIZE = 1000;

/** How long a Supabase call may take unless the configuration says otherwise (OUTBOUND_TIMEOUT_MS). */
export const DEFAULT_SUPABASE_TIMEOUT_MS = 8000;

/**
 * `fetch` that gives up after `timeoutMs` with an error saying so: a database that never
 * answers must not keep a function running until the platform kills it (a bare 502).
 */
export function fetchWithTimeout(fetchImpl: typeof fetch, timeoutMs: number): typeof fetch {
	return async (input, init) => {
		const timeout = AbortSignal.timeout(timeoutMs);
		const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
		try {
			return await fetchImpl(input, { ...init, signal });
		} catch (error) {
			if (!timeout.aborted) throw error;
			const timedOut = new Error(`Supabase did not answer within ${timeoutMs / 1000} s`);
			timedOut.name = 'SupabaseTimeout';
			throw timedOut;
		}
	};
}

/** A supabase-js client that never persists or refreshes a session (server-side use). */
export function supabaseClient(
	url: string,
	key: string,
	fetchImpl: typeof fetch = fetch,
	timeoutMs = DEFAULT_SUPABASE_TIMEOUT_MS,
): SupabaseClient {
	return createClient(url, key, {
		auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
		global: { fetch: fetchWithTimeout(fetchImpl, timeoutMs) },
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
