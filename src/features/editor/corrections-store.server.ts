import type { SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from '../../lib/store/embedded.server.ts';
import { editorErrorFrom, type Row } from './rows.ts';
import type { ClaimRecord, CorrectionEditorStore, SuggestionRecord } from './types.ts';

// Suggestions and claims (20261128010000_corrections_and_claims.sql) for the editor, on both
// backends; reviews and revocations go through the database functions.

const date = (value: unknown) => (value ? new Date(value as string) : null);

function toSuggestion(row: Row): SuggestionRecord {
	return {
		id: Number(row.id),
		toolId: Number(row.tool_id),
		toolName: String(row.tool_name ?? ''),
		what: row.what as SuggestionRecord['what'],
		fact: (row.fact as SuggestionRecord['fact']) ?? null,
		value: (row.value as string[] | null) ?? null,
		detail: (row.detail as string | null) ?? null,
		partnerId: row.partner_id == null ? null : Number(row.partner_id),
		partnerName: (row.partner_name as string | null) ?? null,
		via: (row.link_via as SuggestionRecord['via']) ?? null,
		viaService: (row.link_via_service as string | null) ?? null,
		flow: (row.link_flow as SuggestionRecord['flow']) ?? null,
		moves: (row.link_moves as SuggestionRecord['moves']) ?? null,
		linkStatus: (row.link_status as SuggestionRecord['linkStatus']) ?? null,
		newText: (row.new_text as string | null) ?? null,
		sourceUrl: String(row.source_url),
		quote: (row.quote as string | null) ?? null,
		email: (row.email as string | null) ?? null,
		vendorStated: row.vendor_stated === true,
		emailConfirmed: row.email_confirmed_at != null,
		status: row.status as SuggestionRecord['status'],
		reason: (row.reason as string | null) ?? null,
		createdAt: new Date(row.created_at as string),
		notifiedAt: date(row.notified_at),
	};
}

function toClaim(row: Row): ClaimRecord {
	return {
		id: Number(row.id),
		toolId: Number(row.tool_id),
		toolName: String(row.tool_name ?? ''),
		email: String(row.email),
		requestedAt: new Date(row.requested_at as string),
		confirmedAt: date(row.confirmed_at),
		revokedAt: date(row.revoked_at),
	};
}

export function embeddedCorrectionEditorStore(sql: Sql): CorrectionEditorStore {
	const select = sql`select s.*, t.name as tool_name, p.name as partner_name
		from tool_suggestions s join construction_apps t on t.id = s.tool_id
		left join construction_apps p on p.id = s.partner_id`;
	const call = async <T>(run: () => Promise<T>) => {
		try {
			return await run();
		} catch (error) {
			throw editorErrorFrom(error as { code?: string; message: string });
		}
	};
	return {
		async pending(toolId) {
			const rows = await sql`${select} where s.status = 'pending'
				and (${toolId}::bigint is null or s.tool_id = ${toolId}) order by s.created_at, s.id`;
			return rows.map(toSuggestion);
		},
		async suggestion(id) {
			const [row] = await sql`${select} where s.id = ${id}`;
			return row ? toSuggestion(row) : null;
		},
		async review(id, status, reason) {
			await call(() => sql`select public.review_tool_suggestion(${id}, ${status}, ${reason})`);
		},
		async claimNotice(id) {
			const [row] = await sql`select public.claim_suggestion_notice(${id}) as claimed`;
			return row.claimed === true;
		},
		async releaseNotice(id) {
			await sql`update tool_suggestions set notified_at = null where id = ${id}`;
		},
		async unnotified() {
			const rows = await sql`${select} where s.status <> 'pending' and s.email is not null
				and s.notified_at is null order by s.id`;
			return rows.map(toSuggestion);
		},
		async claims() {
			const rows = await sql`select c.*, t.name as tool_name from listing_claims c
				join construction_apps t on t.id = c.tool_id order by c.id desc`;
			return rows.map(toClaim);
		},
		async revokeClaim(id) {
			const [row] = await sql`select public.revoke_listing_claim(${id}) as revoked`;
			return row.revoked === true;
		},
	};
}

const SUGGESTION_COLUMNS =
	'*, tool:construction_apps!tool_suggestions_tool_id_fkey(name), partner:construction_apps!tool_suggestions_partner_id_fkey(name)';

export function supabaseCorrectionEditorStore(client: SupabaseClient): CorrectionEditorStore {
	const table = () => client.from('tool_suggestions');
	const fail = (error: { code?: string; message: string } | null) => {
		if (error) throw editorErrorFrom(error);
	};
	const suggestions = (data: Row[] | null) =>
		(data ?? []).map((row) =>
			toSuggestion({
				...row,
				tool_name: (row.tool as { name: string } | null)?.name,
				partner_name: (row.partner as { name: string } | null)?.name ?? null,
			}),
		);
	return {
		async pending(toolId) {
			let query = table().select(SUGGESTION_COLUMNS).eq('status', 'pending');
			if (toolId !== null) query = query.eq('tool_id', toolId);
			const { data, error } = await query.order('created_at').order('id');
			fail(error);
			return suggestions(data);
		},
		async suggestion(id) {
			const { data, error } = await table().select(SUGGESTION_COLUMNS).eq('id', id);
			fail(error);
			return suggestions(data)[0] ?? null;
		},
		async review(id, status, reason) {
			const { error } = await client.rpc('review_tool_suggestion', {
				p_id: id,
				p_status: status,
				p_reason: reason,
			});
			fail(error);
		},
		async claimNotice(id) {
			const { data, error } = await client.rpc('claim_suggestion_notice', { p_id: id });
			fail(error);
			return data === true;
		},
		async releaseNotice(id) {
			const { error } = await table().update({ notified_at: null }).eq('id', id);
			fail(error);
		},
		async unnotified() {
			const { data, error } = await table()
				.select(SUGGESTION_COLUMNS)
				.neq('status', 'pending')
				.not('email', 'is', null)
				.is('notified_at', null)
				.order('id');
			fail(error);
			return suggestions(data);
		},
		async claims() {
			const { data, error } = await client
				.from('listing_claims')
				.select('*, tool:construction_apps(name)')
				.order('id', { ascending: false });
			fail(error);
			return (data ?? []).map((row) =>
				toClaim({ ...row, tool_name: (row.tool as { name: string } | null)?.name }),
			);
		},
		async revokeClaim(id) {
			const { data, error } = await client.rpc('revoke_listing_claim', { p_id: id });
			fail(error);
			return data === true;
		},
	};
}
