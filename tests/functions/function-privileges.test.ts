// The public (anon, through the publishable key and Supabase's REST API) can execute none of
// the database's functions, including ones a later migration adds; the server role still can.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

const executableBy = async (role: string) =>
	(
		await db.sql<{ fn: string }[]>`
			select p.oid::regprocedure::text as fn
			from pg_proc p join pg_namespace n on n.oid = p.pronamespace
			where n.nspname = 'public' and has_function_privilege(${role}, p.oid, 'execute')
			order by 1`
	).map((row) => row.fn);

it.each(['anon', 'authenticated'])('lets %s execute no function in public', async (role) => {
	expect(await executableBy(role)).toEqual([]);
});

it('keeps a function created later (as a new migration would) closed to anon', async () => {
	await db.sql`create function public.added_later() returns int language sql as 'select 1'`;
	try {
		expect(await executableBy('anon')).toEqual([]);
		await expect(
			db.sql.begin(async (tx) => {
				await tx`set local role anon`;
				return tx`select public.added_later()`;
			}),
		).rejects.toThrow(/permission denied for function added_later/);
	} finally {
		await db.sql`drop function public.added_later()`;
	}
});

it('lets the server role submit (the URL key is computed for it) and count rate limits', async () => {
	const [row] = await db.sql.begin(async (tx) => {
		await tx`set local role service_role`;
		return tx`select * from public.submit_tool_rate_limited(
			'submit', 'privileges-test-client', 3600, 5, 'Privileges Tool', 'https://privileges.example.com')`;
	});
	expect(row.outcome).toBe('created');
});
