// Who a rate limit counts: an IPv6 client by its /64, and every client together up to the
// form's ceiling per hour, so neither one /64 nor a distributed flood can fill the queue.
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../src/features/forms/client-key.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { formsTestDb, postJson, subscribeHandler, testDeps } from './harness.ts';

const db = formsTestDb();
beforeEach(async () => {
	await db.sql`delete from rate_limits`;
	await db.sql`update rate_limit_ceilings set max_hits = case bucket when 'subscribe' then 600 else 120 end`;
});
const count = async (table: 'newsletter_subscribers' | 'new_app_submissions') =>
	(await db.sql`select count(*)::int as n from ${db.sql(table)}`)[0].n as number;

describe('rateLimitKey', () => {
	it.each([
		['192.0.2.1', '192.0.2.1'],
		['::ffff:192.0.2.1', '192.0.2.1'],
		['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
		['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
		['2001:0DB8:0001:0002:abcd::1', '2001:db8:1:2::/64'],
		['[2001:db8:1:3::1]', '2001:db8:1:3::/64'],
		['not an address', 'unparsable'],
		['', 'unparsable'],
	])('keys %j as %j', (ip, key) => expect(rateLimitKey(ip)).toBe(key));
});

it('counts every address of one IPv6 /64 as one client, another /64 apart', async () => {
	const subscribe = subscribeHandler(db.sql, { rateLimit: { max: 2, windowSeconds: 3600 } });
	const post = (email: string, ip: string) =>
		subscribe(postJson('/.netlify/functions/subscribe', { email }), { ip });
	expect((await post('a@example.com', '2001:db8:aa:1::1')).status).toBe(200);
	expect((await post('b@example.com', '2001:db8:aa:1::2')).status).toBe(200);
	const third = await post('c@example.com', '2001:db8:aa:1:ffff:ffff:ffff:fffe');
	expect(third.status).toBe(429);
	expect((await third.json()).error.code).toBe('rate_limited');
	expect((await post('d@example.com', '2001:db8:aa:2::1')).status).toBe(200);
	expect(await count('newsletter_subscribers')).toBe(3);
});

it('answers 503 busy once a form reaches its ceiling for all clients together, storing nothing more', async () => {
	await db.sql`update rate_limit_ceilings set max_hits = 3 where bucket = 'submit'`;
	const submit = createSubmitHandler(testDeps(db.sql));
	const post = (n: number) =>
		submit(
			postJson('/.netlify/functions/submit', { name: `Tool ${n}`, url: `https://tool-${n}.com` }),
			{
				ip: `203.0.113.${n}`,
			},
		);
	for (const n of [1, 2, 3]) expect((await post(n)).status).toBe(200);
	const flooded = await post(4);
	expect(flooded.status).toBe(503);
	const retryAfter = Number(flooded.headers.get('retry-after'));
	expect(retryAfter).toBeGreaterThan(0);
	// The ceiling's window slides (record 0027): hits late in this hour still weigh in the next.
	expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
	const { error } = await flooded.json();
	expect(error.code).toBe('busy');
	expect(error.message).toMatch(/too many entries right now.*nothing was saved/);
	expect(await count('new_app_submissions')).toBe(3);

	// The other form has its own ceiling.
	const subscribe = subscribeHandler(db.sql);
	const signUp = await subscribe(
		postJson('/.netlify/functions/subscribe', { email: 'x@example.com' }),
		{
			ip: '203.0.113.9',
		},
	);
	expect(signUp.status).toBe(200);
});

it("does not let one client over its own limit use up everyone's ceiling", async () => {
	await db.sql`update rate_limit_ceilings set max_hits = 3 where bucket = 'subscribe'`;
	const subscribe = subscribeHandler(db.sql, { rateLimit: { max: 1, windowSeconds: 3600 } });
	const post = (email: string, ip: string) =>
		subscribe(postJson('/.netlify/functions/subscribe', { email }), { ip });
	expect((await post('first@example.com', '198.51.100.1')).status).toBe(200);
	for (let i = 0; i < 10; i++)
		expect((await post(`spam${i}@example.com`, '198.51.100.1')).status).toBe(429);
	expect((await post('second@example.com', '198.51.100.2')).status).toBe(200);
	expect((await post('third@example.com', '198.51.100.3')).status).toBe(200);
	expect((await post('fourth@example.com', '198.51.100.4')).status).toBe(503);
});
