// Rate limiting through both handlers: a request and its rate-limit hit are one database call,
// and the answers a visitor sees are those of the earlier two-call design.
import { describe, expect, it } from 'vitest';
import type { FormDeps } from '../../src/features/forms/handlers.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import type { FormStore } from '../../src/lib/store/types.ts';
import {
	formsTestDb,
	postForm,
	postJson,
	subscribeHandler,
	testDeps,
	testNewsletterDeps,
} from './harness.ts';

const SUBSCRIBE = '/.netlify/functions/subscribe';
const SUBMIT = '/.netlify/functions/submit';
const db = formsTestDb();
let clientNumber = 0;
/** A fresh client address per test, so counts never leak between tests. */
const freshIp = () => `203.0.113.${++clientNumber}`;
const subscribers = async () =>
	(await db.sql`select count(*)::int as n from newsletter_subscribers`)[0].n as number;
const submissions = async () =>
	(await db.sql`select count(*)::int as n from new_app_submissions`)[0].n as number;
const limitOf = (max: number) => ({ rateLimit: { max, windowSeconds: 3600 } });
const limited = (max: number, overrides: Partial<FormDeps> = {}) =>
	testDeps(db.sql, { ...limitOf(max), ...overrides });

async function expectRateLimited(response: Response) {
	expect(response.status).toBe(429);
	const retryAfter = Number(response.headers.get('retry-after'));
	expect(Number.isInteger(retryAfter)).toBe(true);
	expect(retryAfter).toBeGreaterThan(0);
	// The window slides (record 0027): hits late in this hour still weigh in the next.
	expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
	const { error } = await response.json();
	expect(error).toEqual({
		code: 'rate_limited',
		message: `Too many attempts from your network. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
	});
}

describe('the limit on accepted requests', () => {
	it('lets max requests through, then answers 429 with Retry-After and stores nothing', async () => {
		const subscribe = subscribeHandler(db.sql, limitOf(2));
		const ip = freshIp();
		for (const email of ['a@example.com', 'b@example.com'])
			expect((await subscribe(postJson(SUBSCRIBE, { email }), { ip })).status).toBe(200);
		await expectRateLimited(
			await subscribe(postJson(SUBSCRIBE, { email: 'c@example.com' }), { ip }),
		);
		expect(await subscribers()).toBe(2);
	});

	it('answers a rate-limited plain form post with a page, the status and Retry-After', async () => {
		const submit = createSubmitHandler(limited(1));
		const ip = freshIp();
		const fields = (n: number) => ({ name: `Form ${n}`, url: `form-${n}.example.com` });
		expect((await submit(postForm(SUBMIT, fields(1)), { ip })).status).toBe(303);
		const blocked = await submit(postForm(SUBMIT, fields(2)), { ip });
		expect(blocked.status).toBe(429);
		expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(blocked.headers.get('content-type')).toMatch(/text\/html/);
		expect(await blocked.text()).toMatch(/Too many attempts from your network/);
		expect(await submissions()).toBe(1);
	});

	it('stores nothing for a rate-limited duplicate or already-listed URL either', async () => {
		const submit = createSubmitHandler(limited(1));
		const ip = freshIp();
		expect(
			(await submit(postJson(SUBMIT, { name: 'Once', url: 'once.example.com' }), { ip })).status,
		).toBe(200);
		await expectRateLimited(
			await submit(postJson(SUBMIT, { name: 'Once', url: 'once.example.com' }), { ip }),
		);
		// Over the limit, an already-listed URL is refused as rate limited, not as listed.
		await expectRateLimited(
			await submit(postJson(SUBMIT, { name: 'Procore', url: 'procore.com' }), { ip }),
		);
		expect(await submissions()).toBe(1);
	});

	it('counts parallel requests from one client exactly: max succeed, the rest get 429', async () => {
		const subscribe = subscribeHandler(db.sql, limitOf(3));
		const ip = freshIp();
		const responses = await Promise.all(
			Array.from({ length: 10 }, (_, i) =>
				subscribe(postJson(SUBSCRIBE, { email: `p${i % 2}@example.com` }), { ip }),
			),
		);
		const statuses = responses.map((response) => response.status).sort();
		expect(statuses).toEqual([...Array(3).fill(200), ...Array(7).fill(429)]);
		expect(await subscribers()).toBeLessThanOrEqual(2);
		expect(await subscribers()).toBeGreaterThanOrEqual(1);
	});

	it('gives parallel identical submissions within the limit one row and no 500', async () => {
		const submit = createSubmitHandler(limited(20));
		const ip = freshIp();
		const responses = await Promise.all(
			Array.from({ length: 12 }, () =>
				submit(postJson(SUBMIT, { name: 'Race', url: 'race-limited.example.com' }), { ip }),
			),
		);
		expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
		expect(await submissions()).toBe(1);
	});
});

describe('what counts towards the limit (as before the one-call change)', () => {
	it('counts invalid input, and answers 429 before 422 once over the limit', async () => {
		const subscribe = subscribeHandler(db.sql, limitOf(2));
		const ip = freshIp();
		for (let i = 0; i < 2; i++)
			expect((await subscribe(postJson(SUBSCRIBE, { email: 'nope' }), { ip })).status).toBe(422);
		await expectRateLimited(await subscribe(postJson(SUBSCRIBE, { email: 'nope' }), { ip }));
		await expectRateLimited(
			await subscribe(postJson(SUBSCRIBE, { email: 'valid@example.com' }), { ip }),
		);
		expect(await subscribers()).toBe(0);
	});

	it('does not count a filled honeypot, which stores nothing', async () => {
		const submit = createSubmitHandler(limited(1));
		const ip = freshIp();
		for (let i = 0; i < 3; i++) {
			const bot = await submit(
				postJson(SUBMIT, { name: 'Spam', url: 'spam.example.com', nickname: 'x' }),
				{ ip },
			);
			expect(bot.status).toBe(200);
		}
		expect(await submissions()).toBe(0);
		expect(
			(await submit(postJson(SUBMIT, { name: 'Real', url: 'real.example.com' }), { ip })).status,
		).toBe(200);
		await expectRateLimited(
			await submit(postJson(SUBMIT, { name: 'More', url: 'more.example.com' }), { ip }),
		);
		expect(await submissions()).toBe(1);
	});

	it('makes one database call per request: the write with its hit, or the hit alone', async () => {
		const calls: string[] = [];
		const base = await testDeps(db.sql).store();
		const counting: FormStore = {
			...base,
			submitTool: (...args) => (calls.push('submitTool'), base.submitTool(...args)),
			hitRateLimit: (...args) => (calls.push('hitRateLimit'), base.hitRateLimit(...args)),
		};
		// The subscribe form writes through the newsletter's store (the double opt-in).
		const newsletter = testNewsletterDeps(db.sql);
		const newsletterStore = await newsletter.store();
		newsletter.store = async () => ({
			...newsletterStore,
			signUp: (...args) => (calls.push('signUp'), newsletterStore.signUp(...args)),
		});
		const deps = limited(100, { store: async () => counting });
		const subscribe = createSubscribeHandler(deps, doubleOptIn(newsletter));
		const ip = freshIp();
		await subscribe(postJson(SUBSCRIBE, { email: 'one@example.com' }), { ip });
		await createSubmitHandler(deps)(postJson(SUBMIT, { name: 'One', url: 'one.example.com' }), {
			ip,
		});
		await createSubmitHandler(deps)(postJson(SUBMIT, { name: '', url: 'x' }), { ip });
		await subscribe(postJson(SUBSCRIBE, '{bad'), { ip });
		expect(calls).toEqual(['signUp', 'submitTool', 'hitRateLimit']);
		expect(newsletter.sent.map((mail) => mail.to)).toEqual(['one@example.com']);
	});
});
