// Suggestions and claims are never public (record 0022): anon can neither read nor write them, nor
// call their functions; the CHECK constraints refuse what the functions would (the backstop
// for a client with the secret key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let toolId: number;
const asAnon = (run: (tx: TestDb['sql']) => Promise<unknown>) =>
	db.sql.begin(async (tx) => {
		await tx`set local role anon`;
		await run(tx as unknown as TestDb['sql']);
	});

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Rls Tool', 'x', 'https://rls.example.com', 'estimating') returning id`;
	toolId = Number(tool.id);
	await db.sql`insert into tool_suggestions (tool_id, what, fact, value, source_url, dedupe_key)
		values (${toolId}, 'fact', 'sso', '{yes}', 'https://rls.example.com/sso', 'k')`;
	await db.sql`insert into listing_claims (tool_id, email) values (${toolId}, 'a@rls.example.com')`;
});
afterAll(() => db?.stop());

describe('suggestions and claims', () => {
	it.each(['tool_suggestions', 'listing_claims'])('anon cannot read %s', async (table) => {
		await expect(asAnon((tx) => tx`select * from ${tx(table)}`)).rejects.toThrow(
			/permission denied/,
		);
	});

	it('anon cannot insert a suggestion or a claim, nor call the write functions', async () => {
		await expect(
			asAnon(
				(tx) => tx`insert into tool_suggestions (tool_id, what, fact, value, source_url, dedupe_key)
					values (${toolId}, 'fact', 'sso', '{no}', 'https://rls.example.com/sso', 'x')`,
			),
		).rejects.toThrow(/permission denied/);
		await expect(
			asAnon(
				(tx) =>
					tx`insert into listing_claims (tool_id, email) values (${toolId}, 'b@rls.example.com')`,
			),
		).rejects.toThrow(/permission denied/);
		await expect(asAnon((tx) => tx`select public.revoke_listing_claim(1)`)).rejects.toThrow(
			/permission denied/,
		);
		await expect(
			asAnon(
				(tx) =>
					tx`select * from public.request_listing_claim('claim', ${'0'.repeat(32)}, 3600, 5, ${toolId}, 'c@rls.example.com', 'rls.example.com')`,
			),
		).rejects.toThrow(/permission denied/);
	});

	it.each([
		[
			'a value outside the vocabulary',
			`'fact', 'sso', '{maybe}', null, 'https://rls.example.com/a'`,
		],
		['a source that is not http(s)', `'fact', 'sso', '{yes}', null, 'ftp://rls.example.com/a'`],
		['a fact without value', `'fact', 'sso', null, null, 'https://rls.example.com/a'`],
		['an unknown category', `'category', null, null, 'gardening', 'https://rls.example.com/a'`],
	])('the table refuses %s', async (_, values) => {
		await expect(
			db.sql
				.unsafe(`insert into tool_suggestions (tool_id, what, fact, value, new_text, source_url, dedupe_key)
				values (${toolId}, ${values}, 'z')`),
		).rejects.toThrow(/check constraint/);
	});

	it('the table refuses a quote over 500 characters and an e-mail of the wrong shape', async () => {
		await expect(
			db.sql`insert into tool_suggestions (tool_id, what, fact, value, source_url, quote, dedupe_key)
				values (${toolId}, 'fact', 'sso', '{yes}', 'https://rls.example.com/q', ${'x'.repeat(501)}, 'q')`,
		).rejects.toThrow(/check constraint/);
		await expect(
			db.sql`insert into listing_claims (tool_id, email) values (${toolId}, 'not an e-mail')`,
		).rejects.toThrow(/check constraint/);
	});
});
