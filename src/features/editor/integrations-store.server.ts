import type { SupabaseClient } from '@supabase/supabase-js';
import type { IntegrationKind } from '../integrations/types.ts';
import type { Sql } from '../../lib/store/embedded.server.ts';
import { editorErrorFrom } from './rows.ts';
import type { Connection, IntegrationEditorStore } from './types.ts';

const ordered = (a: number, b: number) => (a < b ? [a, b] : [b, a]);

function toConnection(toolId: number, row: Record<string, unknown>): Connection {
	const low = row.low as Connection['partner'];
	const high = row.high as Connection['partner'];
	const partner = Number(low.id) === toolId ? high : low;
	return {
		partner: { id: Number(partner.id), name: String(partner.name), status: String(partner.status) },
		kind: row.kind as IntegrationKind,
		note: (row.note as string | null) ?? null,
		sourceUrl: String(row.source_url),
	};
}

const byName = (a: Connection, b: Connection) =>
	a.partner.name.localeCompare(b.partner.name, 'en', { sensitivity: 'base' }) ||
	a.partner.id - b.partner.id;

export function embeddedIntegrationEditorStore(sql: Sql): IntegrationEditorStore {
	return {
		async connections(toolId) {
			const rows = await sql`
				select i.kind, i.note, i.source_url,
					json_build_object('id', lo.id, 'name', lo.name, 'status', lo.status) as low,
					json_build_object('id', hi.id, 'name', hi.name, 'status', hi.status) as high
				from tool_integrations i
				join construction_apps lo on lo.id = i.tool_low_id
				join construction_apps hi on hi.id = i.tool_high_id
				where ${toolId} in (i.tool_low_id, i.tool_high_id)`;
			return rows.map((row) => toConnection(toolId, row)).sort(byName);
		},
		async link(a, b, { kind, sourceUrl, note }, replace) {
			const [low, high] = ordered(a, b);
			const rows = replace
				? await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url, note)
					values (${low}, ${high}, ${kind}, ${sourceUrl}, ${note})
					on conflict (tool_low_id, tool_high_id) do update
					set kind = excluded.kind, source_url = excluded.source_url, note = excluded.note
					returning (xmax = 0) as created`
				: await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url, note)
					values (${low}, ${high}, ${kind}, ${sourceUrl}, ${note})
					on conflict (tool_low_id, tool_high_id) do nothing returning true as created`;
			if (!rows.length) return 'exists';
			return rows[0].created ? 'created' : 'replaced';
		},
		async unlink(a, b) {
			const [low, high] = ordered(a, b);
			const rows =
				await sql`delete from tool_integrations where tool_low_id = ${low} and tool_high_id = ${high} returning id`;
			return rows.length > 0;
		},
		async approveWithIntegrations(id, draft, force, partnerIds, { kind, sourceUrl }) {
			try {
				const [row] = await sql`select public.approve_submission_with_integrations(
					${id}, ${draft.name}, ${draft.url}, ${draft.description}, ${draft.category}, ${force},
					${partnerIds}::bigint[], ${kind}, ${sourceUrl}) as tool_id`;
				return Number(row.tool_id);
			} catch (error) {
				throw editorErrorFrom(error as Error & { code?: string });
			}
		},
	};
}

export function supabaseIntegrationEditorStore(client: SupabaseClient): IntegrationEditorStore {
	const table = () => client.from('tool_integrations');
	const fail = (error: { code?: string; message: string }): never => {
		throw editorErrorFrom(error);
	};
	return {
		async connections(toolId) {
			const { data, error } = await table()
				.select(
					'kind, note, source_url, low:construction_apps!tool_low_id(id, name, status), high:construction_apps!tool_high_id(id, name, status)',
				)
				.or(`tool_low_id.eq.${toolId},tool_high_id.eq.${toolId}`);
			if (error) fail(error);
			return (data ?? []).map((row) => toConnection(toolId, row)).sort(byName);
		},
		async link(a, b, { kind, sourceUrl, note }, replace) {
			const [low, high] = ordered(a, b);
			const existing = await table()
				.select('id')
				.eq('tool_low_id', low)
				.eq('tool_high_id', high)
				.maybeSingle();
			if (existing.error) fail(existing.error);
			if (existing.data && !replace) return 'exists';
			const row = { tool_low_id: low, tool_high_id: high, kind, source_url: sourceUrl, note };
			const { error } = existing.data
				? await table().update(row).eq('id', existing.data.id)
				: await table().insert(row);
			if (error) fail(error);
			return existing.data ? 'replaced' : 'created';
		},
		async unlink(a, b) {
			const [low, high] = ordered(a, b);
			const { data, error } = await table()
				.delete()
				.eq('tool_low_id', low)
				.eq('tool_high_id', high)
				.select('id');
			if (error) fail(error);
			return (data ?? []).length > 0;
		},
		async approveWithIntegrations(id, draft, force, partnerIds, { kind, sourceUrl }) {
			const { data, error } = await client.rpc('approve_submission_with_integrations', {
				p_id: id,
				p_name: draft.name,
				p_url: draft.url,
				p_description: draft.description,
				p_category: draft.category,
				p_force: force,
				p_partner_ids: partnerIds,
				p_kind: kind,
				p_source_url: sourceUrl,
			});
			if (error) fail(error);
			if (data == null) throw new Error('approve_submission_with_integrations returned nothing');
			return Number(data);
		},
	};
}
