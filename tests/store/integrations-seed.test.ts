// The sample integrations in supabase/seed.sql, loaded into a fresh embedded database: every
// row of the VALUES list must become a stored pair (a misspelt tool name would silently drop
// one through the join), each citing a parseable https source, with the big platforms as hubs,
// and anon must see exactly the pairs whose two tools are live.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

interface SeedRow {
	toolA: string;
	toolB: string;
	kind: string;
	note: string;
	sourceUrl: string;
}

const SECTION_MARKER = '-- Integrations between listed tools';

/** The VALUES rows of the integrations section, read from the seed file itself. */
async function seedRows(): Promise<SeedRow[]> {
	const seed = await readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');
	const start = seed.indexOf(SECTION_MARKER);
	expect(start, 'seed.sql has an integrations section').toBeGreaterThan(0);
	const section = seed.slice(start);
	const values = section.slice(section.indexOf('(values'), section.indexOf(') as v ('));
	const rows = values.split('\n').filter((line) => line.trimStart().startsWith("('"));
	return rows.map((line) => {
		const fields = [...line.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replaceAll("''", "'"));
		expect(fields, line).toHaveLength(5);
		const [toolA, toolB, kind, note, sourceUrl] = fields;
		return { toolA, toolB, kind, note, sourceUrl };
	});
}

const pairKey = (a: string, b: string) => [a, b].sort().join(' <> ');

let db: TestDb;
let rows: SeedRow[];

beforeAll(async () => {
	db = await startTestDb();
	rows = await seedRows();
});
afterAll(async () => {
	await db?.stop();
});

describe('sample integrations', () => {
	it('stores every VALUES row, so no tool name in the list is misspelt', async () => {
		const stored = await db.sql`
			select a.name as low, b.name as high
			from tool_integrations i
			join construction_apps a on a.id = i.tool_low_id
			join construction_apps b on b.id = i.tool_high_id`;
		expect(stored).toHaveLength(rows.length);
		const storedKeys = new Set(stored.map((row) => pairKey(row.low, row.high)));
		const missing = rows.filter((row) => !storedKeys.has(pairKey(row.toolA, row.toolB)));
		expect(missing).toEqual([]);
	});

	it('has at least 100 pairs, none listed twice in either order', () => {
		expect(rows.length).toBeGreaterThanOrEqual(100);
		const keys = rows.map((row) => pairKey(row.toolA, row.toolB));
		const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
		expect(repeated).toEqual([]);
		expect(rows.filter((row) => row.toolA === row.toolB)).toEqual([]);
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
