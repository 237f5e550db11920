// The rate limit slides (record 0027): the previous window's hits weigh in by the share of it
// still inside the last window, so a client's allowance spent just before the window turns is
// not new again just after it. Tested at a window boundary made to order: a window of half the
// epoch's seconds has just begun (2 × W ≤ now < 2 × W + 2 s), so "just before" and "just
// after" are real, without waiting for a clock hour.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { postJson, testDeps } from '../functions/harness.ts';

let db: TestDb;
const hash = (n: number) =>
	createHmac('sha256', 'salt').update(String(n)).digest('hex').slice(0, 32);
/** A window that began at most two seconds ago: W = floor(now / 2) seconds. */
const freshWindow = () => Math.floor(Date.now() / 1000 / 2);

beforeAll(async () => {
	db = await startTestDb({ seed: false });
});
afterAll(() => db?.stop());
beforeEach(async () => {
	await db.sql`delete from rate_limits`;
	await db.sql`delete from new_app_submissions`;
});

describe('hit_rate_limit', () => {
	it('adds the previous window’s hits weighted by how much of it is still in the last window', async () => {
		// One transaction: now() is one instant, so the expected count is exact.
		await db.sql.begin(async (tx) => {
			const [{ now }] = await tx`select extract(epoch from now())::float8 as now`;
			const window = 3600;
			const start = Math.floor(now / window) * window;
			const weight = 1 - (now - start) / window;
			await tx`insert into rate_limits (bucket, client_hash, window_start, hits)
				values ('submit', ${hash(1)}, to_timestamp(${start - window}), 40)`;
			const [first] = await tx`select * from hit_rate_limit('submit', ${hash(1)}, ${window})`;
			expect(first.hits).toBe(1 + Math.ceil(40 * weight));
			const [second] = await tx`select * from hit_rate_limit('submit', ${hash(1)}, ${window})`;
			expect(second.hits).toBe(2 + Math.ceil(40 * weight));
			// Older windows do not count; another client starts from nothing.
			const [other] = await tx`select * from hit_rate_limit('submit', ${hash(2)}, ${window})`;
			expect(other.hits).toBe(1);
			// Three hits in this window alone, at a limit of two: one more fits once they weigh one
			// (with it, two), two thirds into the next window.
			await tx`select * from hit_rate_limit('submit', ${hash(2)}, ${window})`;
			const [third] = await tx`select * from hit_rate_limit('submit', ${hash(2)}, ${window})`;
			expect(third.hits).toBe(3);
			expect(third.retry_after).toBe(Math.ceil(window - (now - start) + (window * 2) / 3));
		});
	});

	it('counts the allowance spent just before a window turned just after it, and says when one more fits', async () => {
		const window = freshWindow();
		await db.sql`insert into rate_limits (bucket, client_hash, window_start, hits)
			values ('submit', ${hash(3)}, to_timestamp(${window}), 5)`;
		const [row] = await db.sql`select * from hit_rate_limit('submit', ${hash(3)}, ${window})`;
		expect(row.hits).toBe(6);
		// One more fits (5 with it, at a limit of 5) once the previous five weigh three: after 2/5
		// of the window.
		expect(row.retry_after).toBeGreaterThan(window * 0.4 - 5);
		expect(row.retry_after).toBeLessThanOrEqual(Math.ceil(window * 0.4));
	});
});

describe('the forms', () => {
	it('refuse a client who spent its allowance just before the window turned (no ten posts around the hour)', async () => {
		const window = freshWindow();
		const handle = createSubmitHandler(
			testDeps(db.sql, {
				rateLimit: { max: 5, windowSeconds: window },
				clientHash: () => hash(4),
			}),
		);
		// Five posts at the end of the previous window.
		await db.sql`insert into rate_limits (bucket, client_hash, window_start, hits)
			values ('submit', ${hash(4)}, to_timestamp(${window}), 5)`;
		for (let n = 1; n <= 5; n++) {
			const response = await handle(
				postJson('/.netlify/functions/submit', {
					name: `Around the hour ${n}`,
					url: `https://around-${n}.example.com`,
				}),
				{ ip: '203.0.113.77' },
			);
			expect(response.status, `post ${n}`).toBe(429);
			expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
		}
		expect((await db.sql`select count(*)::int as n from new_app_submissions`)[0].n).toBe(0);
	});
});
