// The database functions behind subscribe and submit, called as the Supabase secret key's role
// (service_role) on the embedded database: the rate-limit hit and the write are one statement.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionSql } from 'postgres';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;

beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());
beforeEach(async () => {
	await db.sql`delete from rate_limits`;
	await db.sql`delete from newsletter_subscribers`;
	await db.sql`delete from new_app_submissions`;
});

/** Runs as service_role, the role PostgREST uses for the secret key. */
function asServer<T>(run: (tx: TransactionSql) => Promise<T>): Promise<T> {
	return db.sql.begin(async (tx) => {
		await tx`set local role service_role`;
		return run(tx);
	}) as Promise<T>;
}

const client = (n: number) => `client-${n}-${'x'.repeat(24)}`;
const subscribe = (tx: TransactionSql, clientHash: string, email: string, max = 2) =>
	tx`select * from newsletter_sign_up('subscribe', ${clientHash}, 3600, ${max}, ${email}, 'test')`;
const submit = (tx: TransactionSql, clientHash: string, name: string, url: string, max = 2) =>
	tx`select * from submit_tool_rate_limited('submit', ${clientHash}, 3600, ${max}, ${name}, ${url}, null)`;
const count = async (table: string) =>
	(await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;

describe('newsletter_sign_up (the subscribe form)', () => {
	it('signs up within the limit, then answers rate_limited and writes nothing', async () => {
		const answers = await asServer(async (tx) => [
			...(await subscribe(tx, client(1), 'one@example.com')),
			...(await subscribe(tx, client(1), 'ONE@example.com')),
			...(await subscribe(tx, client(1), 'three@example.com')),
		]);
		expect(answers.map((row) => row.outcome)).toEqual(['send', 'quiet', 'rate_limited']);
		expect(answers[0].retry_after).toBeNull();
		expect(answers[2].retry_after).toBeGreaterThan(0);
		// The window slides (record 0027): hits late in this hour still weigh in the next.
		expect(answers[2].retry_after).toBeLessThanOrEqual(2 * 3600);
		expect(await count('newsletter_subscribers')).toBe(1);
		const [hits] = await db.sql`select hits from rate_limits where client_hash = ${client(1)}`;
		expect(hits.hits).toBe(3);
	});

	it('keeps each client and each form to its own count', async () => {
		const answers = await asServer(async (tx) => [
			...(await subscribe(tx, client(2), 'a@example.com', 1)),
			...(await subscribe(tx, client(3), 'b@example.com', 1)),
			...(await submit(tx, client(2), 'A', 'https://a.example.com', 1)),
		]);
		expect(answers.map((row) => row.outcome)).toEqual(['send', 'send', 'created']);
	});
});

describe('submit_tool_rate_limited', () => {
	it('answers like submit_tool within the limit, and counts a listed URL too', async () => {
		const [procore] = await db.sql`select id from construction_apps where name = 'Procore'`;
		const answers = await asServer(async (tx) => [
			...(await submit(tx, client(4), 'New', 'https://new-tool.example.com', 3)),
			...(await submit(tx, client(4), 'New again', 'http://www.new-tool.example.com/', 3)),
			...(await submit(tx, client(4), 'procore', 'https://procore.com/?utm_source=x', 3)),
			...(await submit(tx, client(4), 'Late', 'https://late.example.com', 3)),
		]);
		expect(answers.map(({ outcome, tool_id }) => ({ outcome, tool_id }))).toEqual([
			{ outcome: 'created', tool_id: null },
			{ outcome: 'created', tool_id: null },
			{ outcome: 'listed', tool_id: procore.id },
			{ outcome: 'rate_limited', tool_id: null },
		]);
		expect(answers[3].retry_after).toBeGreaterThan(0);
		const rows = await db.sql`select name from new_app_submissions`;
		expect(rows).toEqual([{ name: 'New' }]);
	});

	it('counts parallel requests from one client exactly, with one row per URL', async () => {
		const answers = await Promise.all(
			Array.from({ length: 10 }, () =>
				asServer((tx) => submit(tx, client(5), 'Race', 'https://race.example.com', 4)),
			),
		);
		const outcomes = answers.map(([row]) => row.outcome).sort();
		expect(outcomes).toEqual([...Array(4).fill('created'), ...Array(6).fill('rate_limited')]);
		expect(await count('new_app_submissions')).toBe(1);
		const [hits] = await db.sql`select hits from rate_limits where client_hash = ${client(5)}`;
		expect(hits.hits).toBe(10);
	});

	it('writes nothing and counts nothing when the write fails', async () => {
		// A URL the CHECK constraint refuses (the functions validate first; this is the backstop).
		await expect(
			asServer((tx) => submit(tx, client(6), 'Bad', 'javascript:alert(1)')),
		).rejects.toThrow(/check constraint/);
		expect(await count('new_app_submissions')).toBe(0);
		expect(await count('rate_limits')).toBe(0);
	});
});

describe('hit_rate_limit as the server role', () => {
	it('counts, and clears windows older than two days when a new client arrives', async () => {
		await db.sql`insert into rate_limits (bucket, client_hash, window_start)
			values ('subscribe', ${client(7)}, now() - interval '3 days')`;
		const [row] = await asServer(
			(tx) => tx`select * from hit_rate_limit('subscribe', ${client(8)}, 3600)`,
		);
		expect(row.hits).toBe(1);
		expect(await db.sql`select client_hash from rate_limits`).toEqual([{ client_hash: client(8) }]);
	});
});
