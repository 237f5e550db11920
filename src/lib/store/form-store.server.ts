import type { SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from './embedded.server.ts';
import {
	type ClaimRequestOutcome,
	type CorrectionInput,
	type CorrectionOutcome,
	type FormStore,
	hasDetails,
	type RateLimit,
	type RateLimited,
	type SubmitOutcome,
} from './types.ts';

// Both backends call the same database functions (supabase/migrations/*_form_functions.sql and
// *_rate_limit_in_writes.sql), so duplicate handling and rate limiting behave identically. The
// subscribe form writes through the newsletter's double opt-in (newsletter/store.server.ts).
// A write and its rate-limit hit are one statement: one round trip per accepted request.

interface SubmitRow {
	outcome: string;
	retry_after: number | null;
	tool_id: number | string | null;
	unknown?: string[] | null;
}

function rateLimited(row: SubmitRow): RateLimited | undefined {
	if (row.outcome === 'rate_limited')
		return { outcome: 'rate_limited', retryAfterSeconds: Number(row.retry_after) };
	// 'busy': the form's ceiling for all clients together (20261123020000_global_rate_ceiling.sql).
	if (row.outcome === 'busy')
		return { outcome: 'rate_limited', retryAfterSeconds: Number(row.retry_after), everyone: true };
	return undefined;
}

function toSubmitOutcome(row: SubmitRow): SubmitOutcome | RateLimited {
	if (row.outcome === 'listed') return { outcome: 'listed', toolId: Number(row.tool_id) };
	if (row.outcome === 'created') return { outcome: row.outcome };
	if (row.outcome === 'unknown_tools') return { outcome: row.outcome, unknown: row.unknown ?? [] };
	const limited = rateLimited(row);
	if (limited) return limited;
	throw new Error(`submit_tool returned an unknown outcome: ${row.outcome}`);
}

// The corrections and claims (20261128010000_corrections_and_claims.sql): rows as both backends
// return them, into the store's answers.
function correctionOutcome(row: ClaimRow): CorrectionOutcome | RateLimited {
	const limited = rateLimited(row);
	if (limited) return limited;
	// A claimant's address: the suggestion is mailed a link of its own (20261202000000_…).
	if (row.outcome === 'confirm')
		return {
			outcome: 'confirm',
			suggestionId: Number(row.suggestion_id),
			requestedMs: Number(row.requested_ms),
			toolName: String(row.tool_name),
		};
	if (
		row.outcome === 'created' ||
		row.outcome === 'unknown_tool' ||
		row.outcome === 'unknown_partner'
	)
		return { outcome: row.outcome };
	throw new Error(`suggest_tool_correction returned an unknown outcome: ${row.outcome}`);
}

interface ClaimRow extends SubmitRow {
	claim_id?: number | string | null;
	suggestion_id?: number | string | null;
	requested_ms: number | string | null;
	tool_host: string | null;
	tool_name: string | null;
}

function claimOutcome(row: ClaimRow): ClaimRequestOutcome | RateLimited {
	const limited = rateLimited(row);
	if (limited) return limited;
	if (row.outcome === 'send')
		return {
			outcome: 'send',
			claimId: Number(row.claim_id),
			requestedMs: Number(row.requested_ms),
			toolHost: String(row.tool_host),
			toolName: String(row.tool_name),
		};
	if (row.outcome === 'wrong_domain')
		return {
			outcome: 'wrong_domain',
			toolHost: String(row.tool_host),
			toolName: String(row.tool_name),
		};
	if (row.outcome === 'unknown_tool') return { outcome: 'unknown_tool' };
	throw new Error(`request_listing_claim returned an unknown outcome: ${row.outcome}`);
}

function confirmOutcome(row: SubmitRow): { outcome: 'confirmed' | 'invalid' } | RateLimited {
	const limited = rateLimited(row);
	if (limited) return limited;
	if (row.outcome === 'confirmed' || row.outcome === 'invalid') return { outcome: row.outcome };
	throw new Error(`a confirmation returned an unknown outcome: ${row.outcome}`);
}

const correctionArgs = (c: CorrectionInput) => ({
	p_tool_id: c.toolId,
	p_what: c.what,
	p_fact: c.fact,
	p_value: c.value,
	p_detail: c.detail,
	p_partner: c.partner,
	p_link_via: c.via,
	p_link_via_service: c.viaService,
	p_link_flow: c.flow,
	p_link_moves: c.moves,
	p_link_status: c.linkStatus,
	p_new_text: c.newText,
	p_source_url: c.sourceUrl,
	p_quote: c.quote,
	p_email: c.email,
});

/** The embedded database, connected as its owner (the equivalent of the secret key). */
export function embeddedFormStore(sql: Sql): FormStore {
	return {
		async submitTool(
			name,
			url,
			submitterEmail,
			{ bucket, clientHash, windowSeconds, max },
			worksWith,
			details,
		) {
			const [row] = hasDetails(details)
				? await sql`select * from public.submit_tool_with_details(
					${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${name}, ${url}, ${submitterEmail ?? null},
					${worksWith ?? []}::text[], ${details!.platforms}::text[], ${details!.audience}::text[],
					${details!.pricingUrl ?? null})`
				: worksWith?.length
					? await sql`select * from public.submit_tool_with_suggestions(
					${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${name}, ${url}, ${submitterEmail ?? null}, ${worksWith})`
					: await sql`select * from public.submit_tool_rate_limited(
				${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${name}, ${url}, ${submitterEmail ?? null})`;
			return toSubmitOutcome(row as never);
		},
		async hitRateLimit({ bucket, clientHash, windowSeconds }) {
			const [row] =
				await sql`select * from public.hit_rate_limit(${bucket}, ${clientHash}, ${windowSeconds})`;
			return { hits: row.hits, retryAfterSeconds: row.retry_after };
		},
		async suggestCorrection(c, { bucket, clientHash, windowSeconds, max }) {
			const [row] = await sql`select * from public.suggest_tool_correction(
				${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${c.toolId}, ${c.what}, ${c.fact},
				${c.value}::text[], ${c.detail}, ${c.partner}, ${c.via}, ${c.viaService}, ${c.flow},
				${c.moves}::text[], ${c.linkStatus}, ${c.newText}, ${c.sourceUrl}, ${c.quote}, ${c.email})`;
			return correctionOutcome(row as never);
		},
		async confirmSuggestion(suggestionId, requestedMs, { bucket, clientHash, windowSeconds, max }) {
			const [row] = await sql`select * from public.confirm_suggestion_email(
				${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${suggestionId}, ${requestedMs})`;
			return confirmOutcome(row as never);
		},
		async requestClaim(toolId, email, emailDomain, { bucket, clientHash, windowSeconds, max }) {
			const [row] = await sql`select * from public.request_listing_claim(
				${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${toolId}, ${email}, ${emailDomain})`;
			return claimOutcome(row as never);
		},
		async confirmClaim(claimId, requestedMs, { bucket, clientHash, windowSeconds, max }) {
			const [row] = await sql`select * from public.confirm_listing_claim(
				${bucket}, ${clientHash}, ${windowSeconds}, ${max}, ${claimId}, ${requestedMs})`;
			return confirmOutcome(row as never);
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

const limitArgs = ({ bucket, clientHash, windowSeconds, max }: RateLimit) => ({
	p_bucket: bucket,
	p_client_hash: clientHash,
	p_window_seconds: windowSeconds,
	p_max_hits: max,
});

/** Supabase through supabase-js with the secret key (server only). */
export function supabaseFormStore(client: SupabaseClient): FormStore {
	return {
		async submitTool(name, url, submitterEmail, limit, worksWith, details) {
			const suggestions = hasDetails(details)
				? {
						p_works_with: worksWith ?? [],
						p_platforms: details!.platforms,
						p_audience: details!.audience,
						p_pricing_url: details!.pricingUrl ?? null,
					}
				: worksWith?.length
					? { p_works_with: worksWith }
					: {};
			const function_ = hasDetails(details)
				? 'submit_tool_with_details'
				: worksWith?.length
					? 'submit_tool_with_suggestions'
					: 'submit_tool_rate_limited';
			const [row] = await rpc<SubmitRow[]>(client, function_, {
				...limitArgs(limit),
				p_name: name,
				p_url: url,
				p_email: submitterEmail ?? null,
				...suggestions,
			});
			return toSubmitOutcome(row);
		},
		async hitRateLimit({ bucket, clientHash, windowSeconds }) {
			const [row] = await rpc<{ hits: number; retry_after: number }[]>(client, 'hit_rate_limit', {
				p_bucket: bucket,
				p_client_hash: clientHash,
				p_window_seconds: windowSeconds,
			});
			return { hits: row.hits, retryAfterSeconds: row.retry_after };
		},
		async suggestCorrection(correction, limit) {
			const [row] = await rpc<ClaimRow[]>(client, 'suggest_tool_correction', {
				...limitArgs(limit),
				...correctionArgs(correction),
			});
			return correctionOutcome(row);
		},
		async confirmSuggestion(suggestionId, requestedMs, limit) {
			const [row] = await rpc<SubmitRow[]>(client, 'confirm_suggestion_email', {
				...limitArgs(limit),
				p_suggestion_id: suggestionId,
				p_requested_ms: requestedMs,
			});
			return confirmOutcome(row);
		},
		async requestClaim(toolId, email, emailDomain, limit) {
			const [row] = await rpc<ClaimRow[]>(client, 'request_listing_claim', {
				...limitArgs(limit),
				p_tool_id: toolId,
				p_email: email,
				p_email_domain: emailDomain,
			});
			return claimOutcome(row);
		},
		async confirmClaim(claimId, requestedMs, limit) {
			const [row] = await rpc<SubmitRow[]>(client, 'confirm_listing_claim', {
				...limitArgs(limit),
				p_claim_id: claimId,
				p_requested_ms: requestedMs,
			});
			return confirmOutcome(row);
		},
	};
}
