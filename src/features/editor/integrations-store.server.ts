import { isoDay, today } from '../../lib/dates.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
	flowOf,
	type Move,
	type Status,
	type StoredDirection,
	type Via,
} from '../integrations/details.ts';
import type { IntegrationKind } from '../integrations/types.ts';
import type { Sql } from '../../lib/store/embedded.server.ts';
import { approveArgs, editorErrorFrom } from './rows.ts';
import type { Connection, IntegrationEditorStore, LinkDetails, StaleConnection } from './types.ts';

const ordered = (a: number, b: number) => (a < b ? [a, b] : [b, a]);

/** YYYY-MM-DD of a date column (a Date from postgres.js, a string from PostgREST). */
const day = (value: unknown) => isoDay(value) ?? String(value).slice(0, 10);

/** Today in UTC, for the Supabase backend (the embedded one asks the database). */
const todayUtc = () => today();

function toConnection(toolId: number, row: Record<string, unknown>): Connection {
	const low = row.low as Connection['partner'];
	const high = row.high as Connection['partner'];
	const fromLow = Number(low.id) === toolId;
	const partner = fromLow ? high : low;
	return {
		partner: { id: Number(partner.id), name: String(partner.name), status: String(partner.status) },
		kind: row.kind as IntegrationKind,
		note: (row.note as string | null) ?? null,
		sourceUrl: String(row.source_url),
		flow: flowOf((row.direction as StoredDirection | null) ?? null, fromLow),
		moves: (row.moves as Move[] | null) ?? null,
		via: (row.via as Via | null) ?? null,
		viaService: (row.via_service as string | null) ?? null,
		status: (row.status as Status | null) ?? null,
		verifiedOn: day(row.verified_on),
	};
}

function toStale(row: Record<string, unknown>): StaleConnection {
	const end = (value: unknown) => {
		const tool = value as { id: unknown; name: unknown };
		return { id: Number(tool.id), name: String(tool.name) };
	};
	const verifiedOn = day(row.verified_on);
	return {
		low: end(row.low),
		high: end(row.high),
		sourceUrl: String(row.source_url),
		verifiedOn,
		days: Math.round((Date.parse(todayUtc()) - Date.parse(verifiedOn)) / 86_400_000),
	};
}

/** The columns a link writes besides the pair: what was given, unknown for the rest. */
const linkColumns = (details: LinkDetails) => ({
	kind: details.kind,
	source_url: details.sourceUrl,
	note: details.note,
	direction: details.direction ?? null,
	moves: details.moves ?? null,
	via: details.via ?? null,
	via_service: details.viaService ?? null,
	status: details.status ?? null,
});

const CONNECTION_COLUMNS =
	'kind, note, source_url, direction, moves, via, via_service, status, verified_on';

const byName = (a: Connection, b: Connection) =>
	a.partner.name.localeCompare(b.partner.name, 'en', { sensitivity: 'base' }) ||
	a.partner.id - b.partner.id;

export function embeddedIntegrationEditorStore(sql: Sql): IntegrationEditorStore {
	return {
		async connections(toolId) {
			const rows = await sql`
				select i.kind, i.note, i.source_url, i.direction, i.moves, i.via, i.via_service,
					i.status, i.verified_on::text as verified_on,
					json_build_object('id', lo.id, 'name', lo.name, 'status', lo.status) as low,
					json_build_object('id', hi.id, 'name', hi.name, 'status', hi.status) as high
				from tool_integrations i
				join construction_apps lo on lo.id = i.tool_low_id
				join construction_apps hi on hi.id = i.tool_high_id
				where ${toolId} in (i.tool_low_id, i.tool_high_id)`;
			return rows.map((row) => toConnection(toolId, row)).sort(byName);
		},
		async link(a, b, details, replace) {
			const [low, high] = ordered(a, b);
			const c = linkColumns(details);
			// A link is recorded from a page just read: verified_on is today, created or replaced.
			const row = sql`(${low}, ${high}, ${c.kind}, ${c.source_url}, ${c.note}, ${c.direction},
				${c.moves}::text[], ${c.via}, ${c.via_service}, ${c.status}, current_date)`;
			const columns = sql`(tool_low_id, tool_high_id, kind, source_url, note, direction, moves, via,
				via_service, status, verified_on)`;
			const rows = replace
				? await sql`insert into tool_integrations ${columns} values ${row}
					on conflict (tool_low_id, tool_high_id) do update
					set kind = excluded.kind, source_url = excluded.source_url, note = excluded.note,
						direction = excluded.direction, moves = excluded.moves, via = excluded.via,
						via_service = excluded.via_service, status = excluded.status,
						verified_on = excluded.verified_on
					returning (xmax = 0) as created`
				: await sql`insert into tool_integrations ${columns} values ${row}
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
		async verify(a, b, sourceUrl) {
			const [low, high] = ordered(a, b);
			const [row] = await sql`
				update tool_integrations i set verified_on = current_date, source_url = ${sourceUrl}
				from (select id, source_url from tool_integrations
					where tool_low_id = ${low} and tool_high_id = ${high}) as before
				where i.id = before.id
				returning before.source_url as previous`;
			return row ? { previousSource: String(row.previous) } : null;
		},
		async stale(days, toolId) {
			const rows = await sql`
				select i.source_url, i.verified_on::text as verified_on,
					json_build_object('id', lo.id, 'name', lo.name) as low,
					json_build_object('id', hi.id, 'name', hi.name) as high
				from tool_integrations i
				join construction_apps lo on lo.id = i.tool_low_id
				join construction_apps hi on hi.id = i.tool_high_id
				where i.verified_on <= current_date - ${days}::int
					and (${toolId}::bigint is null or ${toolId}::bigint in (i.tool_low_id, i.tool_high_id))
				order by i.verified_on, lo.name, hi.name`;
			return rows.map(toStale);
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
					`${CONNECTION_COLUMNS}, low:construction_apps!tool_low_id(id, name, status), high:construction_apps!tool_high_id(id, name, status)`,
				)
				.or(`tool_low_id.eq.${toolId},tool_high_id.eq.${toolId}`);
			if (error) fail(error);
			return (data ?? []).map((row) => toConnection(toolId, row)).sort(byName);
		},
		async link(a, b, details, replace) {
			const [low, high] = ordered(a, b);
			const existing = await table()
				.select('id')
				.eq('tool_low_id', low)
				.eq('tool_high_id', high)
				.maybeSingle();
			if (existing.error) fail(existing.error);
			if (existing.data && !replace) return 'exists';
			const row = {
				tool_low_id: low,
				tool_high_id: high,
				...linkColumns(details),
				verified_on: todayUtc(),
			};
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
		async verify(a, b, sourceUrl) {
			const [low, high] = ordered(a, b);
			const existing = await table()
				.select('id, source_url')
				.eq('tool_low_id', low)
				.eq('tool_high_id', high)
				.maybeSingle();
			if (existing.error) fail(existing.error);
			if (!existing.data) return null;
			const { error } = await table()
				.update({ verified_on: todayUtc(), source_url: sourceUrl })
				.eq('id', existing.data.id);
			if (error) fail(error);
			return { previousSource: String(existing.data.source_url) };
		},
		async stale(days, toolId) {
			const cutoff = new Date(Date.parse(todayUtc()) - days * 86_400_000)
				.toISOString()
				.slice(0, 10);
			let query = table()
				.select(
					'source_url, verified_on, low:construction_apps!tool_low_id(id, name), high:construction_apps!tool_high_id(id, name)',
				)
				.lte('verified_on', cutoff)
				.order('verified_on', { ascending: true });
			if (toolId !== null) query = query.or(`tool_low_id.eq.${toolId},tool_high_id.eq.${toolId}`);
			const { data, error } = await query;
			if (error) fail(error);
			return (data ?? []).map(toStale);
		},
		async approveWithIntegrations(id, draft, force, partnerIds, { kind, sourceUrl }) {
			const { data, error } = await client.rpc('approve_submission_with_integrations', {
				...approveArgs(id, draft, force),
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
