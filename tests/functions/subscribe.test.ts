// The subscribe function's handler, Request in and Response out, on a real embedded database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_SOURCE } from '../../src/features/forms/deps.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import {
	nextIp,
	postForm,
	postJson,
	subscribeHandler,
	transportCases,
	unreachableSql,
} from './harness.ts';

const PATH = '/.netlify/functions/subscribe';
let db: TestDb;
let handle: ReturnType<typeof subscribeHandler>;
const rows = () =>
	db.sql`select email, email_normalized, source from newsletter_subscribers order by id`;

beforeAll(async () => {
	db = await startTestDb();
	handle = subscribeHandler(db.sql);
});
afterAll(() => db?.stop());
beforeEach(() => db.sql`delete from newsletter_subscribers`);

describe('subscribe refuses bad input and stores nothing', () => {
	const longLocal = `${'a'.repeat(250)}@example.com`;
	const badEmails: [string, unknown][] = [
		['a missing e-mail', undefined],
		['a number', 42],
		['an array', ['jane@example.com']],
		['an empty string', ''],
		['only spaces', '   '],
		['no @', 'plainaddress'],
		['no top-level domain', 'jane@example'],
		['a display name', 'Jane <jane@example.com>'],
		['a space', 'jane doe@example.com'],
		['CR/LF header injection', 'jane@example.com\r\nBcc: victim@example.com'],
		['no local part', '@example.com'],
		['no domain', 'jane@'],
		['two @', 'jane@@example.com'],
		['a space in the domain', 'jane@exa mple.com'],
		['more than 254 characters', longLocal],
		['localhost', 'jane@localhost'],
		['an IP literal', 'jane@127.0.0.1'],
		['a bracketed IP', 'jane@[127.0.0.1]'],
		['a leading hyphen in the domain', 'jane@-example.com'],
		['a quoted local part', '"jane"@example.com'],
	];
	it.each(badEmails)('%s', async (_, email) => {
		const response = await handle(postJson(PATH, { email }), { ip: nextIp() });
		expect(response.status).toBe(422);
		const body = await response.json();
		expect(body.error.code).toBe('invalid_field');
		expect(body.error.fields.email).toMatch(/e-mail/i);
		expect(await rows()).toEqual([]);
	});

	it.each(transportCases(PATH))('%s', async (_, request, status, code) => {
		const response = await handle(request(), { ip: nextIp() });
		expect(response.status).toBe(status);
		expect((await response.json()).error.code).toBe(code);
		if (status === 405) expect(response.headers.get('allow')).toBe('POST');
		expect(await rows()).toEqual([]);
	});

	it('answers a plain form post with a readable page and the same status', async () => {
		const response = await handle(postForm(PATH, { email: 'not-an-email' }), { ip: nextIp() });
		expect(response.status).toBe(422);
		expect(response.headers.get('content-type')).toMatch(/text\/html/);
		expect(await response.text()).toMatch(/valid e-mail address/);
		expect(await rows()).toEqual([]);
	});
});

describe('subscribe stores good input', () => {
	it('stores a trimmed address with the server-set source, ignoring unknown fields', async () => {
		const response = await handle(
			postJson(PATH, { email: '  Jane@Example.com ', source: 'evil', admin: true }),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
		expect(await rows()).toEqual([
			{
				email: 'Jane@Example.com',
				email_normalized: 'jane@example.com',
				source: NEWSLETTER_SOURCE,
			},
		]);
	});

	it('redirects a plain form post to the confirmation page', async () => {
		const response = await handle(postForm(PATH, { email: 'form@example.com' }), { ip: nextIp() });
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('/newsletter/thanks/');
		expect(await rows()).toHaveLength(1);
	});

	it('treats the same address in any letter case as one subscriber, with the same answer', async () => {
		for (const email of ['dup@example.com', 'DUP@Example.COM', 'Dup@example.com']) {
			const response = await handle(postJson(PATH, { email }), { ip: nextIp() });
			expect(response.status).toBe(200);
			expect(await response.json()).toEqual({ ok: true });
		}
		expect(await rows()).toHaveLength(1);
	});

	it('gives parallel identical requests the same success and one row', async () => {
		const responses = await Promise.all(
			Array.from({ length: 12 }, () =>
				handle(postJson(PATH, { email: 'race@example.com' }), { ip: nextIp() }),
			),
		);
		expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
		expect(await rows()).toHaveLength(1);
	});

	it('fakes success for a filled honeypot and stores nothing', async () => {
		const response = await handle(postJson(PATH, { email: 'bot@example.com', nickname: 'spam' }), {
			ip: nextIp(),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
		expect(await rows()).toEqual([]);
	});
});

describe('subscribe protects itself', () => {
	it('rate-limits one client per hour, with Retry-After, without storing its IP', async () => {
		const limited = subscribeHandler(db.sql, { rateLimit: { max: 3, windowSeconds: 3600 } });
		const ip = '203.0.113.77';
		for (let i = 0; i < 3; i++) {
			expect((await limited(postJson(PATH, { email: `r${i}@example.com` }), { ip })).status).toBe(
				200,
			);
		}
		const blocked = await limited(postJson(PATH, { email: 'r4@example.com' }), { ip });
		expect(blocked.status).toBe(429);
		expect((await blocked.json()).error.code).toBe('rate_limited');
		expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(await rows()).toHaveLength(3);
		expect(
			(await limited(postJson(PATH, { email: 'other@example.com' }), { ip: '203.0.113.78' }))
				.status,
		).toBe(200);
		const stored = await db.sql`select client_hash from rate_limits`;
		expect(JSON.stringify(stored)).not.toContain('203.0.113');
	});

	it('answers 503 with a clear message when the store is unreachable', async () => {
		const down = subscribeHandler(unreachableSql());
		const response = await down(postJson(PATH, { email: 'down@example.com' }), { ip: nextIp() });
		expect(response.status).toBe(503);
		const body = await response.json();
		expect(body.error.code).toBe('store_unavailable');
		expect(body.error.message).toMatch(/try again/i);
		expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|postgres:|at .*\.ts/);
	});

	it('sends security headers and no stack traces', async () => {
		const response = await handle(postJson(PATH, '{bad'), { ip: nextIp() });
		expect(response.headers.get('x-content-type-options')).toBe('nosniff');
		expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
		expect(response.headers.get('strict-transport-security')).toContain('max-age=');
		expect(response.headers.get('cache-control')).toBe('no-store');
		expect(await response.text()).not.toMatch(/\bat \w+ \(|Error:/);
	});
});
