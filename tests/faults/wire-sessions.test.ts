// The wire server shares PGlite's one session: a client in a transaction keeps it until the
// transaction ends (others wait, then see the committed rows), and a client that dies or
// stalls inside a transaction has it rolled back so the others go on.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { embeddedDbPassword } from '../../src/lib/embedded-db/password.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { loggedIn, message, readyForQuery, waitFor } from './wire-client.ts';

const IDLE_IN_TRANSACTION_MS = 1000;
let db: TestDb;
beforeAll(async () => {
	db = await startTestDb({ idleInTransactionMs: IDLE_IN_TRANSACTION_MS });
});
afterAll(() => db?.stop());
beforeEach(() => db.sql`delete from newsletter_subscribers`);

const emails = async () =>
	(await db.sql<{ email: string }[]>`select email from newsletter_subscribers order by email`).map(
		(row) => row.email,
	);

/** A raw client that has begun a transaction and inserted `email`, not yet committed. */
async function openTransaction(email: string) {
	const raw = await loggedIn(db.port, embeddedDbPassword(db.dataDir));
	const from = raw.received().length;
	raw.socket.write(
		message(
			'Q',
			`begin; insert into newsletter_subscribers (email, source) values ('${email}', 'wire-test');\0`,
		),
	);
	await waitFor(raw, readyForQuery('T'), from);
	return raw;
}

it('hands the session over: a second client waits for the transaction, then sees its rows', async () => {
	const a = connectEmbedded(db.url, { max: 1 });
	const b = connectEmbedded(db.url, { max: 1 });
	try {
		let committedAt = 0;
		let inserted!: () => void;
		const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
		const transaction = a.begin(async (tx) => {
			await tx`insert into newsletter_subscribers (email, source) values ('a@example.com', 'wire-test')`;
			inserted();
			await new Promise((resolve) => setTimeout(resolve, 300));
			await tx`insert into newsletter_subscribers (email, source) values ('b@example.com', 'wire-test')`;
			committedAt = Date.now();
		});
		await insertedYet;
		const seen = await b<
			{ email: string }[]
		>`select email from newsletter_subscribers order by email`;
		await transaction;
		// b ran after the whole transaction (never between its two inserts).
		expect(seen.map((row) => row.email)).toEqual(['a@example.com', 'b@example.com']);
		expect(committedAt).toBeGreaterThan(0);
	} finally {
		await a.end({ timeout: 5 });
		await b.end({ timeout: 5 });
	}
});

it('rolls back a client that dies mid-transaction and serves the next at once', async () => {
	const raw = await openTransaction('dead@example.com');
	raw.socket.destroy();
	const started = Date.now();
	expect(await emails()).toEqual([]);
	expect(Date.now() - started).toBeLessThan(IDLE_IN_TRANSACTION_MS);
});

it('cuts off a client that stalls inside a transaction, rolls it back, and serves the others', async () => {
	const raw = await openTransaction('stalled@example.com');
	const started = Date.now();
	expect(await emails()).toEqual([]); // waits for the stalled client's time to run out
	const waited = Date.now() - started;
	expect(waited).toBeGreaterThanOrEqual(IDLE_IN_TRANSACTION_MS - 100);
	expect(waited).toBeLessThan(IDLE_IN_TRANSACTION_MS + 4000);
	expect(await raw.closed(1000)).toBe(true);
});

it('keeps a client that is slow but busy inside its transaction', async () => {
	const sql = connectEmbedded(db.url, { max: 1 });
	try {
		await sql.begin(async (tx) => {
			for (let i = 0; i < 3; i++) {
				await tx`insert into newsletter_subscribers (email, source) values (${`slow${i}@example.com`}, 'wire-test')`;
				await new Promise((resolve) => setTimeout(resolve, IDLE_IN_TRANSACTION_MS * 0.6));
			}
		});
		expect(await emails()).toHaveLength(3);
	} finally {
		await sql.end({ timeout: 5 });
	}
});

it('answers an error inside a batch with that error only, and the session goes on', async () => {
	// Each batch (Parse, Bind, Describe, Execute, Sync) runs in PGlite as one call: after an
	// error Postgres skips to the batch's Sync, and the next batch, pipelined behind it on the
	// same connection, runs as if nothing happened.
	const sql = connectEmbedded(db.url, { max: 1 });
	try {
		const [one, failed, two] = await Promise.allSettled([
			sql<{ n: number }[]>`select 1 as n`,
			sql`select 1 / ${0}::int as n`,
			sql<{ n: number }[]>`select 2 as n`,
		]);
		expect(one.status === 'fulfilled' && one.value[0].n).toBe(1);
		expect(failed.status === 'rejected' && String(failed.reason)).toMatch(/division by zero/);
		expect(two.status === 'fulfilled' && two.value[0].n).toBe(2);
		await expect(
			sql.begin(async (tx) => {
				await tx`insert into newsletter_subscribers (email, source) values ('half@example.com', 'wire-test')`;
				await tx`insert into newsletter_subscribers (email, source) values ('half@example.com', 'wire-test')`;
			}),
		).rejects.toThrow(/duplicate key/);
		expect(await emails()).toEqual([]);
		expect((await sql<{ n: number }[]>`select 3 as n`)[0].n).toBe(3);
	} finally {
		await sql.end({ timeout: 5 });
	}
});
