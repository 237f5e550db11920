// public.published_changes on a real Postgres (PGlite): triggers record each change to the
// published data in the same transaction, only for live tools; the log is append-only; anon
// reads the rows about live tools and the removals, nothing else, and cannot write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let a: number;
let b: number;
let hidden: number;

const tool = async (name: string, status = 'live') => {
	const [row] = await db.sql`insert into construction_apps (name, url, category, status)
		values (${name}, ${`https://${name.toLowerCase().replaceAll(' ', '-')}.example`}, 'estimating', ${status})
		returning id`;
	return Number(row.id);
};
const changes = async (since: number) =>
	db.sql`select id::int, kind, tool_id::int, tool_name, other_tool_id::int, fact, value, previous_value
		from published_changes where id > ${since} order by id`;
const lastId = async () =>
	Number((await db.sql`select coalesce(max(id), 0) as id from published_changes`)[0].id);
const asAnon = <T>(run: (tx: typeof db.sql) => Promise<T>) =>
	db.sql.begin(async (tx) => {
		await tx`set local role anon`;
		return run(tx as unknown as typeof db.sql);
	});

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	a = await tool('Changes A');
	b = await tool('Changes B');
	hidden = await tool('Changes Hidden', 'unpublished');
});
afterAll(() => db?.stop());

const fact = (tool: number, value: string[], source = 'https://vendor.example/a') =>
	db.sql`insert into tool_facts (tool_id, fact, value, source_url, verified_on, quote)
		values (${tool}, 'platforms', ${value}, ${source}, '2026-11-01', 'It runs there.')`;

describe('published_changes', () => {
	it('records a tool going live and leaving, by name', async () => {
		const since = await lastId();
		const c = await tool('Changes C');
		await db.sql`update construction_apps set status = 'unpublished' where id = ${c}`;
		await db.sql`update construction_apps set status = 'live' where id = ${c}`;
		await db.sql`delete from construction_apps where id = ${c}`;
		expect((await changes(since)).map((r) => [r.kind, r.tool_id, r.tool_name])).toEqual([
			['tool_published', c, 'Changes C'],
			['tool_removed', null, 'Changes C'],
			['tool_published', c, 'Changes C'],
			['tool_removed', null, 'Changes C'],
		]);
	});

	it('records a live tool fact set, changed and removed, not a re-read that only moves the date', async () => {
		const since = await lastId();
		await fact(a, ['web']);
		await db.sql`update tool_facts set verified_on = '2026-11-20' where tool_id = ${a}`;
		await db.sql`update tool_facts set value = '{web,ios}' where tool_id = ${a}`;
		await db.sql`delete from tool_facts where tool_id = ${a}`;
		expect((await changes(since)).map((r) => [r.kind, r.fact, r.value, r.previous_value])).toEqual([
			['fact_set', 'platforms', ['web'], null],
			['fact_changed', 'platforms', ['web', 'ios'], ['web']],
			['fact_removed', 'platforms', null, ['web', 'ios']],
		]);
	});

	it('records nothing about a tool that is not live', async () => {
		const since = await lastId();
		await fact(hidden, ['android']);
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${Math.min(a, hidden)}, ${Math.max(a, hidden)}, 'native', 'https://vendor.example/i')`;
		expect(await changes(since)).toEqual([]);
	});

	it('records a connection between live tools added, changed and removed', async () => {
		const since = await lastId();
		const [low, high] = [Math.min(a, b), Math.max(a, b)];
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url, moves)
			values (${low}, ${high}, 'native', 'https://vendor.example/i', '{projects}')`;
		await db.sql`update tool_integrations set verified_on = '2026-11-21' where tool_low_id = ${low} and tool_high_id = ${high}`;
		await db.sql`update tool_integrations set status = 'beta' where tool_low_id = ${low} and tool_high_id = ${high}`;
		await db.sql`delete from tool_integrations where tool_low_id = ${low} and tool_high_id = ${high}`;
		expect((await changes(since)).map((r) => [r.kind, r.tool_id, r.other_tool_id])).toEqual([
			['connection_added', low, high],
			['connection_changed', low, high],
			['connection_removed', low, high],
		]);
	});

	it('rolls back with the change it records', async () => {
		const since = await lastId();
		await expect(
			db.sql.begin(async (tx) => {
				await tx`insert into tool_facts (tool_id, fact, value, source_url, verified_on)
					values (${b}, 'sso', '{yes}', 'https://vendor.example/sso', '2026-11-01')`;
				throw new Error('stop');
			}),
		).rejects.toThrow('stop');
		expect(await changes(since)).toEqual([]);
	});

	it('is append-only, even for its owner', async () => {
		await expect(db.sql`update published_changes set tool_name = 'x'`).rejects.toThrow(
			/append-only/,
		);
		await expect(db.sql`delete from published_changes`).rejects.toThrow(/append-only/);
	});

	it('shows anon the rows about live tools and the removals, and lets it write nothing', async () => {
		await fact(b, ['web']);
		await db.sql`update construction_apps set status = 'unpublished' where id = ${b}`;
		const seen = await asAnon(
			(tx) => tx`select kind, tool_id::int, tool_name from published_changes`,
		);
		expect(seen.some((r) => r.tool_id === b)).toBe(false);
		expect(seen.some((r) => r.kind === 'tool_removed' && r.tool_name === 'Changes B')).toBe(true);
		expect(seen.some((r) => r.tool_id === a && r.kind === 'fact_set')).toBe(true);
		expect(seen.some((r) => r.tool_id === hidden)).toBe(false);
		await expect(
			asAnon(
				(tx) =>
					tx`insert into published_changes (kind, tool_id, tool_name) values ('fact_set', ${a}, 'x')`,
			),
		).rejects.toThrow(/permission denied/);
	});
});
