// tool_integrations on real Postgres (embedded): constraints, RLS as anon, and the build's reader.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { embeddedIntegrationReader } from '../../src/lib/store/integrations.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let ids: { a: number; b: number; c: number; hidden: number };

beforeAll(async () => {
	db = await startTestDb();
	const rows =
		await db.sql`insert into construction_apps (name, description, url, category, status) values
		('Int A', 'a', 'https://int-a.example.com', 'workforce', 'live'),
		('Int B', 'b', 'https://int-b.example.com', 'workforce', 'live'),
		('Int C', 'c', 'https://int-c.example.com', 'workforce', 'live'),
		('Int Hidden', 'h', 'https://int-hidden.example.com', 'workforce', 'unpublished')
		returning id`;
	const [a, b, c, hidden] = rows.map((row) => Number(row.id));
	ids = { a, b, c, hidden };
});
afterAll(async () => {
	await db?.stop();
});

const insert = (
	low: number,
	high: number,
	extra: { kind?: string; note?: string | null; source?: string } = {},
) =>
	db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, note, source_url)
		values (${low}, ${high}, ${extra.kind ?? 'native'}, ${extra.note ?? null}, ${extra.source ?? 'https://docs.example.com/int'})`;

describe('tool_integrations constraints', () => {
	it('stores a pair once, lower id first, and refuses it again in either order', async () => {
		await insert(ids.a, ids.b, { note: 'syncs RFIs' });
		await expect(insert(ids.a, ids.b)).rejects.toThrow(/tool_integrations_one_row_per_pair/);
		await expect(insert(ids.b, ids.a)).rejects.toThrow(/tool_integrations_ordered_pair/);
	});

	it('refuses self-links, unknown tools, unknown kinds', async () => {
		await expect(insert(ids.c, ids.c)).rejects.toThrow(/tool_integrations_ordered_pair/);
		await expect(insert(ids.c, 99_999_999)).rejects.toThrow(/foreign key/);
		await expect(insert(ids.a, ids.c, { kind: 'plugin' })).rejects.toThrow(/kind_check/);
	});

	it('refuses a source that is not http(s), or too long, and notes that are blank or too long', async () => {
		for (const source of [
			'javascript:alert(1)',
			'ftp://x.example.com',
			'https://',
			`https://x.example.com/${'a'.repeat(2050)}`,
		])
			await expect(insert(ids.a, ids.c, { source })).rejects.toThrow(/source_url_check/);
		await expect(insert(ids.a, ids.c, { note: '   ' })).rejects.toThrow(/note_check/);
		await expect(insert(ids.a, ids.c, { note: 'n'.repeat(141) })).rejects.toThrow(/note_check/);
		const [{ n }] =
			await db.sql`select count(*)::int as n from tool_integrations where tool_low_id = ${ids.a} and tool_high_id = ${ids.c}`;
		expect(n).toBe(0);
	});

	it('goes when either tool is deleted', async () => {
		const [temp] =
			await db.sql`insert into construction_apps (name, description, url, category, status)
			values ('Int Temp', 't', 'https://int-temp.example.com', 'workforce', 'live') returning id`;
		await insert(ids.c, Number(temp.id));
		await db.sql`delete from construction_apps where id = ${temp.id}`;
		const rows = await db.sql`select 1 from tool_integrations where tool_high_id = ${temp.id}`;
		expect(rows).toHaveLength(0);
	});
});

describe('row level security as anon', () => {
	const anon = <T>(run: (tx: import('postgres').TransactionSql) => Promise<T>) =>
		db.sql.begin(async (tx) => {
			await tx`set local role anon`;
			return run(tx);
		});

	it('shows a pair only while both tools are live', async () => {
		await insert(ids.b, ids.hidden);
		const visible = () =>
			anon(
				(tx) =>
					tx`select tool_low_id, tool_high_id from tool_integrations where ${ids.b} in (tool_low_id, tool_high_id)`,
			);
		const pairsWith = async (id: number) =>
			(await visible()).some(
				(row) => Number(row.tool_low_id) === id || Number(row.tool_high_id) === id,
			);
		expect(await pairsWith(ids.a)).toBe(true);
		expect(await pairsWith(ids.hidden)).toBe(false);
		// The later tests read both tools as they were: put back however this one ends.
		onTestFinished(async () => {
			await db.sql`update construction_apps set status = 'live' where id = ${ids.a}`;
			await db.sql`update construction_apps set status = 'unpublished' where id = ${ids.hidden}`;
		});
		await db.sql`update construction_apps set status = 'live' where id = ${ids.hidden}`;
		expect(await pairsWith(ids.hidden)).toBe(true);
		await db.sql`update construction_apps set status = 'unpublished' where id = ${ids.a}`;
		expect(await pairsWith(ids.a)).toBe(false);
	});

	it('cannot write integrations', async () => {
		await expect(
			anon(
				(tx) =>
					tx`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url) values (${ids.a}, ${ids.c}, 'api', 'https://x.example.com')`,
			),
		).rejects.toThrow(/permission denied/);
		await expect(anon((tx) => tx`delete from tool_integrations`)).rejects.toThrow(
			/permission denied/,
		);
		await expect(anon((tx) => tx`update tool_integrations set note = 'x'`)).rejects.toThrow(
			/permission denied/,
		);
	});

	it('is what the build reads: live pairs only', async () => {
		const reader = embeddedIntegrationReader(connectEmbedded(db.url));
		const rows = await reader.listLiveIntegrations();
		await reader.close();
		const pairs = rows.map((row) => [Number(row.tool_low_id), Number(row.tool_high_id)]);
		expect(pairs).toContainEqual([Math.min(ids.a, ids.b), Math.max(ids.a, ids.b)]);
		expect(pairs.flat()).not.toContain(ids.hidden);
		expect(rows.find((row) => Number(row.tool_low_id) === ids.a)).toMatchObject({
			kind: 'native',
			note: 'syncs RFIs',
		});
	});
});
