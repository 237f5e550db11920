// tool_facts on a real Postgres (PGlite): the vocabulary the database enforces is the one the
// site labels, anon reads the facts of live tools only, addresses and dates are checked, and a
// fact read across pages is the union of its rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFacts } from '../../src/features/facts/facts.ts';
import { CAPABILITY_KEYS } from '../../src/features/facts/capabilities.ts';
import { FACT_KEYS, FACTS, type FactKey } from '../../src/features/facts/vocabulary.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { FACTS_TABLE } from '../../src/lib/store/facts.server.ts';
import { embeddedPublicTable } from '../../src/lib/store/public-table.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let live: number;
let unpublished: number;

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	[{ id: live }] = await db.sql`insert into construction_apps (name, url, category, status)
		values ('Facts Live', 'https://facts-live.example', 'field-management', 'live') returning id`;
	[{ id: unpublished }] = await db.sql`insert into construction_apps (name, url, category, status)
		values ('Facts Pending', 'https://facts-pending.example', 'estimating', 'unpublished') returning id`;
	// bigint ids come back as strings.
	[live, unpublished] = [Number(live), Number(unpublished)];
});
afterAll(() => db?.stop());

const valid = async (fact: string, value: string[], detail: string | null = null) => {
	const [row] =
		await db.sql`select public.tool_fact_valid(${fact}, ${value}::text[], ${detail}) as ok`;
	return row.ok as boolean;
};

describe('the vocabulary', () => {
	it.each(
		FACT_KEYS.filter((key) => ['set', 'one'].includes(FACTS[key].shape.kind)).map((key) => [key]),
	)('%s: the database accepts every value the site labels, and nothing else', async (key) => {
		const shape = FACTS[key as FactKey].shape as { values: Record<string, string> };
		const detail = key === 'open_api' ? 'https://developers.example.com' : null;
		for (const value of Object.keys(shape.values))
			expect(await valid(key, [value], detail)).toBe(true);
		expect(await valid(key, ['something_else'], detail)).toBe(false);
		expect(await valid(key, [], detail)).toBe(false);
	});

	it('sets take several values once each; single facts one', async () => {
		expect(await valid('platforms', ['web', 'ios', 'android'])).toBe(true);
		expect(await valid('platforms', ['web', 'web'])).toBe(false);
		expect(await valid('offline', ['full', 'partial'])).toBe(false);
		expect(await valid('also_does', ['financials', 'safety-quality', 'scheduling'])).toBe(false);
	});

	it.each([
		[['39', 'USD', 'user', 'month'], true],
		[['1499.99', 'EUR', 'account', 'year'], true],
		[['0', 'USD', 'user', 'month'], false],
		[['39', 'usd', 'user', 'month'], false],
		[['39', 'USD', 'crew', 'month'], false],
		[['39', 'USD', 'user', 'week'], false],
		[['about 40', 'USD', 'user', 'month'], false],
		[['39', 'USD', 'user'], false],
	])('starting_price %j: %s', async (value, ok) => {
		expect(await valid('starting_price', value)).toBe(ok);
	});

	it('countries are ISO 3166 codes, years are years, an open API names its documentation', async () => {
		expect(await valid('hq_country', ['US'])).toBe(true);
		expect(await valid('hq_country', ['UK'])).toBe(false);
		expect(await valid('founded', ['2003'])).toBe(true);
		expect(await valid('founded', ['203'])).toBe(false);
		expect(await valid('open_api', ['yes'])).toBe(false);
		expect(await valid('open_api', ['yes'], 'javascript:alert(1)')).toBe(false);
		expect(await valid('open_api', ['no'])).toBe(true);
		expect(await valid('unknown_fact', ['yes'])).toBe(false);
	});
});

describe('capabilities', () => {
	it('the database knows exactly the capabilities the site labels', async () => {
		const [{ body }] = await db.sql`select pg_get_functiondef(
			'public.tool_fact_valid(text, text[], text)'::regprocedure) as body`;
		const list = /when p_fact = any \(array\[([^\]]*)\]\) then/.exec(body as string)![1];
		const keys = [...list.matchAll(/'([a-z0-9_]+)'/g)].map((match) => match[1]);
		expect(keys.toSorted()).toEqual([...CAPABILITY_KEYS].toSorted());
	});

	it('take yes, or no where the vendor says not offered, once', async () => {
		expect(await valid('assemblies', ['yes'])).toBe(true);
		expect(await valid('assemblies', ['no'])).toBe(true);
		expect(await valid('assemblies', ['yes', 'no'])).toBe(false);
		expect(await valid('assemblies', ['maybe'])).toBe(false);
		expect(await valid('teleportation', ['yes'])).toBe(false);
	});
});

describe('rows', () => {
	it('refuse a source that is not an http(s) address, and an also_does naming the own category', async () => {
		await expect(
			db.sql`insert into tool_facts (tool_id, fact, value, source_url)
				values (${live}, 'platforms', '{web}', 'javascript:alert(1)')`,
		).rejects.toThrow(/check constraint/);
		await expect(
			db.sql`insert into tool_facts (tool_id, fact, value, source_url)
				values (${live}, 'also_does', '{field-management}', 'https://facts-live.example/a')`,
		).rejects.toThrow(/own category/);
		await expect(
			db.sql`insert into tool_facts (tool_id, fact, value, source_url)
				values (${live}, 'platforms', '{web}', 'https://facts-live.example/x'),
				       (${live}, 'soc2', '{type_2}', 'https://facts-live.example/trust'),
				       (${live}, 'soc2', '{type_1}', 'https://facts-live.example/old-trust')`,
		).rejects.toThrow(/duplicate key/);
		const [{ count }] = await db.sql`select count(*)::int as count from tool_facts`;
		expect(count).toBe(0);
	});

	it('verified_on stays put when a row is touched', async () => {
		await db.sql`insert into tool_facts (tool_id, fact, value, detail, source_url, verified_on)
			values (${live}, 'free_trial', '{yes}', '14 days', 'https://facts-live.example/pricing', '2026-01-05')`;
		await db.sql`update tool_facts set detail = '30 days' where tool_id = ${live} and fact = 'free_trial'`;
		const [row] = await db.sql`select verified_on::text as day from tool_facts
			where tool_id = ${live} and fact = 'free_trial'`;
		expect(row.day).toBe('2026-01-05');
	});

	it('anon reads the facts of live tools only, and a set read across pages is their union', async () => {
		await db.sql`insert into tool_facts (tool_id, fact, value, source_url, verified_on) values
			(${live}, 'platforms', '{ios,ipados}', 'https://apps.apple.com/app/facts-live', '2026-11-01'),
			(${live}, 'platforms', '{android}', 'https://play.google.com/store/apps/details?id=live', '2026-11-02'),
			(${unpublished}, 'platforms', '{web}', 'https://facts-pending.example/', '2026-11-03')`;
		const reader = embeddedPublicTable(connectEmbedded(db.url), FACTS_TABLE);
		const rows = await reader.rows();
		await reader.close();
		expect(rows.map((row) => Number(row.tool_id))).not.toContain(unpublished);
		const facts = parseFacts(rows, new Set([live, unpublished])).get(live)!;
		expect(facts.platforms!.value.toSorted()).toEqual(['android', 'ios', 'ipados']);
		expect(facts.platforms!.sources.map((source) => source.verifiedOn)).toEqual([
			'2026-11-01',
			'2026-11-02',
		]);
		expect(facts.free_trial).toMatchObject({ value: ['yes'], detail: '30 days' });
		await expect(
			db.sql.begin(async (tx) => {
				await tx`set local role anon`;
				await tx`insert into tool_facts (tool_id, fact, value, source_url)
					values (${live}, 'sso', '{yes}', 'https://facts-live.example/sso')`;
			}),
		).rejects.toThrow(/permission denied/);
	});
});
