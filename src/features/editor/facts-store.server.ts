import { isoDay, today } from '../../lib/dates.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FactKey } from '../facts/vocabulary.ts';
import type { Sql } from '../../lib/store/embedded.server.ts';
import { editorErrorFrom } from './rows.ts';
import type { FactEditorStore, FactRecord } from './types.ts';

/** YYYY-MM-DD of a date column (a Date from postgres.js, a string from PostgREST). */
const day = (value: unknown) => isoDay(value) ?? String(value).slice(0, 10);

function toRecord(row: Record<string, unknown>): FactRecord {
	return {
		toolId: Number(row.tool_id),
		toolName: String(row.tool_name),
		fact: row.fact as FactKey,
		value: (row.value as string[]) ?? [],
		detail: (row.detail as string | null) ?? null,
		sourceUrl: String(row.source_url),
		verifiedOn: day(row.verified_on),
		quote: (row.quote as string | null) ?? null,
		origin: row.origin === 'vendor' ? 'vendor' : 'read',
	};
}

export function embeddedFactEditorStore(sql: Sql): FactEditorStore {
	return {
		async facts(toolId) {
			const found = await sql`
				select f.tool_id, t.name as tool_name, f.fact, f.value, f.detail, f.source_url,
					f.verified_on::text as verified_on, f.quote, f.origin
				from tool_facts f join construction_apps t on t.id = f.tool_id
				where f.tool_id = ${toolId} order by f.fact, f.source_url`;
			return found.map(toRecord);
		},
		async set(toolId, { fact, value, detail, sourceUrl, replace, quote, origin }) {
			try {
				await sql`select public.set_tool_fact(${toolId}, ${fact}, ${value}::text[], ${detail},
					${sourceUrl}, ${replace}, ${quote}, ${origin})`;
			} catch (error) {
				throw editorErrorFrom(error as Error & { code?: string });
			}
		},
		async verify(toolId, fact, sourceUrl, quote) {
			const updated = await sql`update tool_facts set verified_on = current_date,
					quote = coalesce(${quote ?? null}, quote)
				where tool_id = ${toolId} and fact = ${fact} and source_url = ${sourceUrl} returning fact`;
			return updated.length > 0;
		},
		async unset(toolId, fact) {
			const deleted =
				await sql`delete from tool_facts where tool_id = ${toolId} and fact = ${fact} returning fact`;
			return deleted.length > 0;
		},
		async stale(days) {
			const found = await sql`
				select f.tool_id, t.name as tool_name, f.fact, f.value, f.detail, f.source_url,
					f.verified_on::text as verified_on, f.quote, f.origin
				from tool_facts f join construction_apps t on t.id = f.tool_id
				where f.verified_on < current_date - ${days}::int
				order by f.verified_on, t.name, f.fact`;
			return found.map(toRecord);
		},
	};
}

const COLUMNS =
	'tool_id, fact, value, detail, source_url, verified_on, quote, origin, tool:construction_apps(name)';

export function supabaseFactEditorStore(client: SupabaseClient): FactEditorStore {
	const table = () => client.from('tool_facts');
	const fail = (error: { code?: string; message: string }): never => {
		throw editorErrorFrom(error);
	};
	const records = (data: Record<string, unknown>[] | null) =>
		(data ?? []).map((row) =>
			toRecord({ ...row, tool_name: (row.tool as { name: string } | null)?.name ?? '' }),
		);
	return {
		async facts(toolId) {
			const { data, error } = await table()
				.select(COLUMNS)
				.eq('tool_id', toolId)
				.order('fact')
				.order('source_url');
			if (error) fail(error);
			return records(data);
		},
		async set(toolId, { fact, value, detail, sourceUrl, replace, quote, origin }) {
			const { error } = await client.rpc('set_tool_fact', {
				p_tool_id: toolId,
				p_fact: fact,
				p_value: value,
				p_detail: detail,
				p_source_url: sourceUrl,
				p_replace: replace,
				p_quote: quote,
				p_origin: origin,
			});
			if (error) fail(error);
		},
		async verify(toolId, fact, sourceUrl, quote) {
			const { data, error } = await table()
				.update({ verified_on: today(), ...(quote ? { quote } : {}) })
				.eq('tool_id', toolId)
				.eq('fact', fact)
				.eq('source_url', sourceUrl)
				.select('fact');
			if (error) fail(error);
			return (data ?? []).length > 0;
		},
		async unset(toolId, fact) {
			const { data, error } = await table()
				.delete()
				.eq('tool_id', toolId)
				.eq('fact', fact)
				.select('fact');
			if (error) fail(error);
			return (data ?? []).length > 0;
		},
		async stale(days) {
			const before = today(new Date(Date.now() - days * 86_400_000));
			const { data, error } = await table()
				.select(COLUMNS)
				.lt('verified_on', before)
				.order('verified_on')
				.limit(1000);
			if (error) fail(error);
			return records(data);
		},
	};
}
