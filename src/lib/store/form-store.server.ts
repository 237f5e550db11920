import type { SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from './embedded.server.ts';
import type { FormStore, SubmitOutcome } from './types.ts';

// Both backends call the same database functions (supabase/migrations/*_form_functions.sql),
// so duplicate handling and rate limiting behave identically.

function toSubmitOutcome(row: { outcome: string; tool_id: number | string | null }): SubmitOutcome {
	if (row.outcome === 'listed') return { outcome: 'listed', toolId: Number(row.tool_id) };
	if (row.outcome === 'created' || row.outcome === 'pending') return { outcome: row.outcome };
	throw new Error(`submit_tool returned an unknown outcome: ${row.outcome}`);
}

/** The embedded database, connected as its owner (the equivalent of the secret key). */
export function embeddedFormStore(sql: Sql): FormStore {
	return {
		async subscribe(email, source) {
			const [row] = await sql`select public.subscribe_newsletter(${email}, ${source}) as outcome`;
			return row.outcome;
		},
		async submitTool(name, url, submitterEmail) {
			const [row] =
				await sql`select * from public.submit_tool(${name}, ${url}, ${submitterEmail ?? null})`;
			return toSubmitOutcome(row as never);
		},
		async hitRateLimit(bucket, clientHash, windowSeconds) {
			const [row] =
				await sql`select * from public.hit_rate_limit(${bucket}, ${clientHash}, ${windowSeconds})`;
			return { hits: row.hits, retryAfterSeconds: row.retry_after };
		},
	};
}

async function rpc<T>(
	client: SupabaseClient,
	name: string,
	args: Record<string, unknown>,
): Promise<T> {
	const { data, error } = await client.rpc(name, args);
	if (error) throw new Error(`Supabase ${name} failed: ${error.message}`);
	return data as T;
}

/** Supabase through supabase-js with the secret key (server only). */
export function supabaseFormStore(client: SupabaseClient): FormStore {
	return {
		subscribe: (email, source) =>
			rpc(client, 'subscribe_newsletter', { p_email: email, p_source: source }),
		async submitTool(name, url, submitterEmail) {
			const [row] = await rpc<{ outcome: string; tool_id: number | null }[]>(
				client,
				'submit_tool',
				{
					p_name: name,
					p_url: url,
					p_email: submitterEmail ?? null,
				},
			);
			return toSubmitOutcome(row);
		},
		async hitRateLimit(bucket, clientHash, windowSeconds) {
			const [row] = await rpc<{ hits: number; retry_after: number }[]>(client, 'hit_rate_limit', {
				p_bucket: bucket,
				p_client_hash: clientHash,
				p_window_seconds: windowSeconds,
			});
			return { hits: row.hits, retryAfterSeconds: row.retry_after };
		},
	};
}
