// The database's address CHECK and the code's rule (src/lib/addresses.ts) give the same answer on
// one table of samples (tests/helpers/web-addresses.ts; record 0030): the rule's function, a
// tool's address as a submission and as a listed tool, and every column holding an address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_SAMPLES } from '../helpers/web-addresses.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;

beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

const rolledBack = new Error('rolled back');

/** Whether the statement succeeds; a CHECK violation is a no, anything else an error. */
async function accepted(write: (sql: TestDb['sql']) => Promise<unknown>): Promise<boolean> {
	try {
		await db.sql.begin(async (sql) => {
			await write(sql as unknown as TestDb['sql']);
			throw rolledBack;
		});
	} catch (error) {
		if (error === rolledBack) return true;
		if ((error as { code?: string }).code === '23514') return false;
		throw error;
	}
	return true;
}

describe('the database answers each sample as src/lib/addresses.ts does', () => {
	it.each(ADDRESS_SAMPLES.map((sample) => [sample.address.slice(0, 80), sample] as const))(
		'%s',
		async (_, { address, problem }) => {
			const [row] = await db.sql`select public.is_web_address(${address}) as ok`;
			expect(row.ok).toBe(problem === null);
			expect(
				await accepted(
					(sql) =>
						sql`insert into new_app_submissions (name, url) values ('Address check', ${address})`,
				),
			).toBe(problem === null);
			expect(
				await accepted(
					(sql) => sql`insert into construction_apps (name, url, description, category, status)
						values ('Address check', ${address}, 'd', 'workforce', 'live')`,
				),
			).toBe(problem === null);
		},
	);
});

describe('every address column', () => {
	it('is checked by the one function', async () => {
		const columns = [
			['construction_apps', 'url'],
			['new_app_submissions', 'url'],
			['new_app_submissions', 'pricing_url'],
			['tool_facts', 'source_url'],
			['tool_integrations', 'source_url'],
			['tool_suggestions', 'source_url'],
			['tool_suggestions', 'new_text'],
		];
		for (const [table, column] of columns) {
			const checks = await db.sql`
				select pg_get_constraintdef(c.oid) as definition
				from pg_constraint c
				join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
				where c.conrelid = ${`public.${table}`}::regclass and c.contype = 'c' and a.attname = ${column}`;
			expect(
				checks.some((check) => String(check.definition).includes('is_web_address(')),
				`${table}.${column}`,
			).toBe(true);
		}
	});
});
