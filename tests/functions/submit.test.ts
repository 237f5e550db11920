// The submit function's handler, Request in and Response out, on a real embedded database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import {
	nextIp,
	postForm,
	postJson,
	subscribeHandler,
	testDeps,
	transportCases,
	unreachableDeps,
} from './harness.ts';

const PATH = '/.netlify/functions/submit';
let db: TestDb;
let handle: ReturnType<typeof createSubmitHandler>;
const rows = () => db.sql`select name, url, status from new_app_submissions order by id`;
const submit = (body: unknown) => handle(postJson(PATH, body), { ip: nextIp() });

beforeAll(async () => {
	db = await startTestDb();
	handle = createSubmitHandler(testDeps(db.sql));
});
afterAll(() => db?.stop());
beforeEach(() => db.sql`delete from new_app_submissions`);

describe('submit refuses bad input and stores nothing', () => {
	const url = 'https://good-tool.example.com';
	const badFields: [string, Record<string, unknown>, 'name' | 'url' | 'email'][] = [
		['a missing name', { url }, 'name'],
		['an empty name', { name: '', url }, 'name'],
		['a blank name', { name: '   ', url }, 'name'],
		['a name over 100 characters', { name: 'n'.repeat(101), url }, 'name'],
		['a name with a control character', { name: 'Tool\u0000Name', url }, 'name'],
		['a numeric name', { name: 12, url }, 'name'],
		['a missing URL', { name: 'Tool' }, 'url'],
		['an empty URL', { name: 'Tool', url: '' }, 'url'],
		['a javascript: URL', { name: 'Tool', url: 'javascript:alert(1)' }, 'url'],
		['a data: URL', { name: 'Tool', url: 'data:text/html,<script>alert(1)</script>' }, 'url'],
		['a file: URL', { name: 'Tool', url: 'file:///etc/passwd' }, 'url'],
		['a mailto: URL', { name: 'Tool', url: 'mailto:someone@example.com' }, 'url'],
		['an ftp: URL', { name: 'Tool', url: 'ftp://files.example.com' }, 'url'],
		['credentials', { name: 'Tool', url: 'https://user:secret@example.com' }, 'url'],
		['localhost', { name: 'Tool', url: 'http://localhost:3000' }, 'url'],
		['an IPv4 literal', { name: 'Tool', url: 'http://127.0.0.1/admin' }, 'url'],
		['a private IPv4 literal', { name: 'Tool', url: '192.168.0.1' }, 'url'],
		['an IPv6 literal', { name: 'Tool', url: 'http://[::1]/' }, 'url'],
		['a space in the host', { name: 'Tool', url: 'https://exa mple.com' }, 'url'],
		['a scheme with no host', { name: 'Tool', url: 'https://' }, 'url'],
		['words', { name: 'Tool', url: 'not a url at all' }, 'url'],
		['a host without a TLD', { name: 'Tool', url: 'https://intranet' }, 'url'],
		[
			'a URL over 2048 characters',
			{ name: 'Tool', url: `https://example.com/${'p'.repeat(2040)}` },
			'url',
		],
		['a newline', { name: 'Tool', url: 'https://example.com/\nX-Injected: 1' }, 'url'],
		['an object', { name: 'Tool', url: { href: 'https://example.com' } }, 'url'],
		['an invalid submitter e-mail', { name: 'Tool', url, email: 'me at example' }, 'email'],
		[
			'a submitter e-mail with a display name',
			{ name: 'Tool', url, email: 'Me <me@example.com>' },
			'email',
		],
	];
	it.each(badFields)('%s', async (_, body, field) => {
		const response = await submit(body);
		expect(response.status).toBe(422);
		const { error } = await response.json();
		expect(error.code).toBe('invalid_field');
		expect(Object.keys(error.fields)).toContain(field);
		expect(await rows()).toEqual([]);
	});

	it.each(transportCases(PATH))('%s', async (_, request, status, code) => {
		const response = await handle(request(), { ip: nextIp() });
		expect(response.status).toBe(status);
		expect((await response.json()).error.code).toBe(code);
		expect(await rows()).toEqual([]);
	});
});

describe('submit stores good input', () => {
	it('accepts a URL without a scheme and stores it as https', async () => {
		const response = await submit({ name: ' BuildBetter ', url: 'buildbetter-new.example.com' });
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
		expect(await rows()).toEqual([
			{ name: 'BuildBetter', url: 'https://buildbetter-new.example.com', status: 'pending' },
		]);
	});

	it('keeps the optional submitter e-mail, and accepts an empty one', async () => {
		expect(
			(await submit({ name: 'With Mail', url: 'with-mail.example.com', email: ' me@example.com ' }))
				.status,
		).toBe(200);
		expect((await submit({ name: 'No Mail', url: 'no-mail.example.com', email: '' })).status).toBe(
			200,
		);
		const stored = await db.sql`select name, submitter_email from new_app_submissions order by id`;
		expect(stored).toEqual([
			{ name: 'With Mail', submitter_email: 'me@example.com' },
			{ name: 'No Mail', submitter_email: null },
		]);
	});

	it('redirects a plain form post to the confirmation page', async () => {
		const response = await handle(
			postForm(PATH, { name: 'Form Tool', url: 'https://form-tool.example.com' }),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('/newapp/thanks/');
		expect(await rows()).toHaveLength(1);
	});

	it('answers a URL already pending with success and no second row', async () => {
		const variants = [
			'https://dup-tool.example.com/pricing',
			'http://WWW.Dup-Tool.example.com/pricing/',
			'dup-tool.example.com/pricing?utm_source=newsletter#top',
		];
		for (const url of variants) {
			const response = await submit({ name: 'Dup Tool', url });
			expect(response.status).toBe(200);
		}
		expect(await rows()).toHaveLength(1);
	});

	it('gives parallel identical submissions the same success and one row', async () => {
		const responses = await Promise.all(
			Array.from({ length: 10 }, () => submit({ name: 'Race', url: 'race-tool.example.com' })),
		);
		expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
		expect(await rows()).toHaveLength(1);
	});

	it('says a live tool is already listed, with a link to its page, and stores nothing', async () => {
		const [procore] = await db.sql`select id from construction_apps where name = 'Procore'`;
		const response = await submit({ name: 'procore', url: 'http://procore.com/?utm_campaign=x' });
		expect(response.status).toBe(409);
		const { error } = await response.json();
		expect(error.code).toBe('already_listed');
		expect(error.link).toBe(`/app/${procore.id}/`);
		expect(await rows()).toEqual([]);
	});

	it('fakes success for a filled honeypot and stores nothing', async () => {
		const response = await submit({ name: 'Spam', url: 'https://spam.example.com', nickname: 'x' });
		expect(response.status).toBe(200);
		expect(await rows()).toEqual([]);
	});
});

describe('submit protects itself', () => {
	it('rate-limits one client separately from subscribe', async () => {
		const limited = createSubmitHandler(
			testDeps(db.sql, { rateLimit: { max: 2, windowSeconds: 3600 } }),
		);
		const ip = '203.0.113.90';
		// Subscribing from the same address uses up its own bucket, not the submit one.
		const subscribe = subscribeHandler(db.sql, { rateLimit: { max: 2, windowSeconds: 3600 } });
		for (const n of [1, 2, 3])
			await subscribe(postJson('/.netlify/functions/subscribe', { email: `s${n}@example.com` }), {
				ip,
			});
		for (const n of [1, 2]) {
			expect(
				(await limited(postJson(PATH, { name: `T${n}`, url: `t${n}.example.com` }), { ip })).status,
			).toBe(200);
		}
		const blocked = await limited(postJson(PATH, { name: 'T3', url: 't3.example.com' }), { ip });
		expect(blocked.status).toBe(429);
		expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
		expect(await rows()).toHaveLength(2);
	});

	it('answers 503 when the store is unreachable', async () => {
		const response = await createSubmitHandler(unreachableDeps())(
			postJson(PATH, { name: 'X', url: 'x.example.com' }),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(503);
		expect((await response.json()).error.code).toBe('store_unavailable');
	});
});
