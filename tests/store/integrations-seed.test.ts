// The sample integrations in supabase/seed.sql, loaded into a fresh embedded database: every
// pair of the research (supabase/research/integrations.json and categories/*.json, which
// scripts/seed/integrations.ts turns into the seed) must become a stored pair with what its source says (a misspelt tool name
// would silently drop one through the join; a direction read from tool_a's side must be stored
// in id order), each citing a parseable https source, with the big platforms as hubs, and anon
// must see exactly the pairs whose two tools are live.
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_KEYS } from '../../src/features/integrations/details.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

interface ResearchEntry {
	tool_a: string;
	tool_b: string;
	source: string;
	direction?: 'a_to_b' | 'b_to_a' | 'both' | null;
	moves?: string[] | null;
	via?: string | null;
	via_service?: string | null;
	status?: string | null;
	note: string;
	verified_on: string;
}

/** integrations.json, then the pairs the per-category research added, each pair once. */
async function research(): Promise<ResearchEntry[]> {
	const read = async (path: string) =>
		JSON.parse(await readFile(new URL(`../../supabase/research/${path}`, import.meta.url), 'utf8'));
	const categories = (
		await readdir(new URL('../../supabase/research/categories/', import.meta.url))
	)
		.filter((name) => name.endsWith('.json'))
		.sort();
	const added = await Promise.all(
		categories.map(
			async (name) => (await read(`categories/${name}`)).integrations as ResearchEntry[],
		),
	);
	const seen = new Set<string>();
	return [...(await read('integrations.json')), ...added.flat()].filter((entry) => {
		const key = pairKey(entry.tool_a, entry.tool_b);
		return !seen.has(key) && Boolean(seen.add(key));
	});
}

const pairKey = (a: string, b: string) => [a, b].sort().join(' <> ');

let db: TestDb;
let rows: ResearchEntry[];

beforeAll(async () => {
	db = await startTestDb();
	rows = await research();
});
afterAll(async () => {
	await db?.stop();
});

describe('sample integrations', () => {
	it('stores every pair of the research, so no tool name in the list is misspelt', async () => {
		const stored = await db.sql`
			select a.name as low, b.name as high
			from tool_integrations i
			join construction_apps a on a.id = i.tool_low_id
			join construction_apps b on b.id = i.tool_high_id`;
		expect(stored).toHaveLength(rows.length);
		const storedKeys = new Set(stored.map((row) => pairKey(row.low, row.high)));
		const missing = rows.filter((row) => !storedKeys.has(pairKey(row.tool_a, row.tool_b)));
		expect(missing).toEqual([]);
	});

	it('stores what each source says: direction in id order, moves, via, status, the day it was read', async () => {
		const stored = await db.sql`
			select a.name as low, b.name as high, i.direction, i.moves, i.via, i.via_service,
				i.status, i.note, i.source_url, i.verified_on::text as verified_on
			from tool_integrations i
			join construction_apps a on a.id = i.tool_low_id
			join construction_apps b on b.id = i.tool_high_id`;
		const byPair = new Map(stored.map((row) => [pairKey(row.low, row.high), row]));
		for (const entry of rows) {
			const row = byPair.get(pairKey(entry.tool_a, entry.tool_b))!;
			const aIsLow = row.low === entry.tool_a;
			const direction = (
				{
					both: 'both',
					a_to_b: aIsLow ? 'low_to_high' : 'high_to_low',
					b_to_a: aIsLow ? 'high_to_low' : 'low_to_high',
				} as Record<string, string>
			)[entry.direction ?? ''];
			const moves = entry.moves?.length
				? MOVE_KEYS.filter((move) => entry.moves!.includes(move))
				: null;
			expect(row, `${entry.tool_a} / ${entry.tool_b}`).toMatchObject({
				direction: direction ?? null,
				moves,
				via: entry.via ?? null,
				via_service: entry.via === 'middleware' ? entry.via_service : null,
				status: entry.status ?? null,
				note: entry.note,
				source_url: entry.source,
				verified_on: entry.verified_on,
			});
		}
	});

	it('has at least 100 pairs, none listed twice in either order', () => {
		expect(rows.length).toBeGreaterThanOrEqual(100);
		const keys = rows.map((row) => pairKey(row.tool_a, row.tool_b));
		const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
		expect(repeated).toEqual([]);
		expect(rows.filter((row) => row.tool_a === row.tool_b)).toEqual([]);
	});

	it('cites an https source for every pair', async () => {
		const stored = await db.sql`select source_url, kind, note from tool_integrations`;
		for (const { source_url: sourceUrl } of stored) {
			expect(new URL(sourceUrl).protocol, sourceUrl).toBe('https:');
		}
		expect(new Set(stored.map((row) => row.kind))).toEqual(
			new Set(['native', 'marketplace', 'api']),
		);
		for (const { note } of stored) expect(note === null || note.length <= 140).toBe(true);
	});

	it('has the big platforms as hubs: the five most connected tools have 8 partners or more', async () => {
		const degrees = await db.sql`
			select t.name, count(*)::int as partners
			from construction_apps t
			join tool_integrations i on t.id in (i.tool_low_id, i.tool_high_id)
			group by t.name
			order by partners desc, t.name
			limit 5`;
		expect(degrees).toHaveLength(5);
		for (const hub of degrees) expect(hub.partners, hub.name).toBeGreaterThanOrEqual(8);
		expect(degrees.map((hub) => hub.name)).toContain('Procore');
	});
});

describe('row level security on the sample integrations', () => {
	it('shows anon exactly the pairs between live tools', async () => {
		const [hub] = await db.sql`
			select t.id from construction_apps t
			join tool_integrations i on t.id in (i.tool_low_id, i.tool_high_id)
			group by t.id order by count(*) desc limit 1`;
		const [{ total }] = await db.sql`select count(*)::int as total from tool_integrations`;
		await db.sql`update construction_apps set status = 'unpublished' where id = ${hub.id}`;
		try {
			const [{ live }] = await db.sql`
				select count(*)::int as live from tool_integrations i
				join construction_apps a on a.id = i.tool_low_id and a.status = 'live'
				join construction_apps b on b.id = i.tool_high_id and b.status = 'live'`;
			const seen = await db.sql.begin(async (tx) => {
				await tx`set local role anon`;
				return tx`select tool_low_id, tool_high_id from tool_integrations`;
			});
			expect(live).toBeLessThan(total);
			expect(seen).toHaveLength(live);
			for (const row of seen) {
				expect([row.tool_low_id, row.tool_high_id]).not.toContain(hub.id);
			}
		} finally {
			await db.sql`update construction_apps set status = 'live' where id = ${hub.id}`;
		}
	});
});
