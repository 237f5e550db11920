// Store contract on the embedded backend: real Postgres (PGlite) over the wire protocol,
// with the same migrations and RLS policies as Supabase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedCatalogueReader, connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;

beforeAll(async () => {
	db = await startTestDb();
});
afterAll(async () => {
	await db?.stop();
});

describe('embedded catalogue', () => {
	it('is seeded with a sample catalogue spread over every category', async () => {
		const rows =
			await db.sql`select category, count(*)::int as n from construction_apps group by 1`;
		const total = rows.reduce((sum, row) => sum + row.n, 0);
		expect(total).toBeGreaterThanOrEqual(120);
		expect(rows).toHaveLength(12);
		for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(5);
	});

	it('lists live tools only, ordered by name case-insensitively', async () => {
		await db.sql`insert into construction_apps (name, description, url, category, status) values
			('aardvark Site', 'lower-case first letter', 'https://aardvark.example', 'workforce', 'live'),
			('AAA Hidden', 'unpublished', 'https://hidden.example', 'workforce', 'unpublished')`;
		const reader = embeddedCatalogueReader(connectEmbedded(db.url));
		const rows = await reader.listLiveTools();
		await reader.close();
		const names = rows.map((row) => String(row.name));
		expect(names).toContain('aardvark Site');
		expect(names).not.toContain('AAA Hidden');
		const sorted = [...names].sort((a, b) =>
			a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
		);
		expect(names).toEqual(sorted);
		const [live] =
			await db.sql`select count(*)::int as n from construction_apps where status = 'live'`;
		expect(rows).toHaveLength(live.n);
	});

	it('lets two clients read and write at the same time', async () => {
		const a = connectEmbedded(db.url);
		const b = connectEmbedded(db.url);
		const inserts = Array.from(
			{ length: 20 },
			(_, i) =>
				(i % 2 ? a : b)`insert into newsletter_subscribers (email, source)
				values (${`p${i}@example.com`}, 'test')`,
		);
		await Promise.all(inserts);
		const [{ n }] =
			await a`select count(*)::int as n from newsletter_subscribers where source = 'test'`;
		expect(n).toBe(20);
		await Promise.all([a.end(), b.end()]);
	});
});

describe('row level security as anon (a non-superuser)', () => {
	async function asAnon<T>(run: (tx: import('postgres').TransactionSql) => Promise<T>) {
		return db.sql.begin(async (tx) => {
			await tx`set local role anon`;
			return run(tx);
		});
	}

	it('is not a superuser and does not bypass RLS', async () => {
		const [role] = await asAnon(
			(tx) => tx`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
		);
		expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
	});

	it('reads live tools and never unpublished ones', async () => {
		const rows = await asAnon((tx) => tx`select status from construction_apps`);
		expect(rows.length).toBeGreaterThan(100);
		expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['live']));
	});

	it.each([
		[
			'insert a tool',
			"insert into construction_apps (name, url, category) values ('X', 'https://x.example', 'workforce')",
		],
		['update a tool', "update construction_apps set name = 'Hacked'"],
		['delete a tool', 'delete from construction_apps'],
		['read subscribers', 'select * from newsletter_subscribers'],
		[
			'add a subscriber',
			"insert into newsletter_subscribers (email, source) values ('a@b.co', 'x')",
		],
		['read rate limits', 'select * from rate_limits'],
		['read rebuild requests', 'select * from site_rebuilds'],
		['call submit_tool', "select * from submit_tool('X', 'https://x.example.com')"],
		['call hit_rate_limit', "select * from hit_rate_limit('subscribe', repeat('a', 32), 3600)"],
		[
			'call newsletter_sign_up',
			"select * from newsletter_sign_up('subscribe', repeat('a', 32), 3600, 5, 'a@b.co', 'x')",
		],
		[
			'call submit_tool_rate_limited',
			"select * from submit_tool_rate_limited('submit', repeat('a', 32), 3600, 5, 'X', 'https://x.example.com')",
		],
		[
			'call approve_submission',
			"select approve_submission(1, 'X', 'https://x.example.com', 'd', 'workforce')",
		],
		['read submissions', 'select * from new_app_submissions'],
		[
			'add a submission',
			"insert into new_app_submissions (name, url) values ('X', 'https://x.example')",
		],
	])('cannot %s', async (_, statement) => {
		await expect(asAnon((tx) => tx.unsafe(statement))).rejects.toThrow(/permission denied/);
	});

	it('leaves the tools untouched after the denied writes', async () => {
		const [{ n }] =
			await db.sql`select count(*)::int as n from construction_apps where name = 'Hacked'`;
		expect(n).toBe(0);
	});
});

describe('constraints (the backstop behind the secret key)', () => {
	it.each([
		[
			'a javascript: URL',
			"insert into construction_apps (name, url, category) values ('X', 'javascript:alert(1)', 'workforce')",
		],
		[
			'an empty name',
			"insert into construction_apps (name, url, category) values ('  ', 'https://x.example', 'workforce')",
		],
		[
			'an unknown category',
			"insert into construction_apps (name, url, category) values ('X', 'https://x.example', 'astrology')",
		],
		[
			'a malformed e-mail',
			"insert into newsletter_subscribers (email, source) values ('nope', 'x')",
		],
		[
			'a submission without a scheme',
			"insert into new_app_submissions (name, url) values ('X', 'x.example')",
		],
	])('refuse %s', async (_, statement) => {
		await expect(db.sql.unsafe(statement)).rejects.toThrow(/violates check constraint/);
	});
});
