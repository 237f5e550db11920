import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSubscribeHandler, type FormDeps } from '../../src/features/forms/handlers.server.ts';
import { NEWSLETTER_SOURCE } from '../../src/features/forms/deps.server.ts';
import type { NewsletterDeps } from '../../src/features/newsletter/deps.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import { siteInfoOf } from '../../src/features/newsletter/site-info.ts';
import { embeddedNewsletterStore } from '../../src/features/newsletter/store.server.ts';
import { parseConfig } from '../../src/lib/config.server.ts';
import type { Mail } from '../../src/lib/mail.server.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { embeddedFormStore } from '../../src/lib/store/form-store.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

/** Handler dependencies on a real embedded database, with a generous rate limit unless set. */
export function testDeps(sql: Sql, overrides: Partial<FormDeps> = {}): FormDeps {
	const store = embeddedFormStore(sql);
	return {
		store: async () => store,
		source: NEWSLETTER_SOURCE,
		rateLimit: { max: 10_000, windowSeconds: 3600 },
		clientHash: (ip) => createHmac('sha256', 'test-salt').update(ip).digest('hex').slice(0, 32),
		...overrides,
	};
}

export const TEST_SITE = 'http://localhost:8888';

/** The newsletter's parts of the subscribe function on `sql`, keeping the e-mails it sends. */
export function testNewsletterDeps(
	sql: Sql,
	overrides: Partial<NewsletterDeps> = {},
): NewsletterDeps & { sent: Mail[] } {
	const sent: Mail[] = [];
	const store = embeddedNewsletterStore(sql);
	return {
		sent,
		store: async () => store,
		mailer: async (mail: Mail) => void sent.push(mail),
		config: () => ({ secret: 'test-secret-test-secret-test-secret-0123', siteUrl: TEST_SITE }),
		site: (config) => siteInfoOf(parseConfig({ SITE_URL: config.siteUrl }, 'functions')),
		...overrides,
	};
}

/**
 * The subscribe function's handler as it runs: the form handler writing through the
 * newsletter's double opt-in, both on `sql` (e-mails kept in `sent`).
 */
export function subscribeHandler(sql: Sql, overrides: Partial<FormDeps> = {}) {
	const newsletter = testNewsletterDeps(sql);
	return Object.assign(createSubscribeHandler(testDeps(sql, overrides), doubleOptIn(newsletter)), {
		sent: newsletter.sent,
	});
}

/** A database connection that cannot be made (nothing listens on port 1). */
export const unreachableSql = () => connectEmbedded('postgres://postgres@127.0.0.1:1/postgres');

/** Dependencies whose store cannot be reached. */
export function unreachableDeps(): FormDeps {
	return testDeps(unreachableSql());
}

let ipCounter = 0;
/** A fresh client address per request, so rate limiting stays out of tests about other rules. */
export const nextIp = () => `198.51.100.${++ipCounter % 250}`;

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
	return new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
}

export function postForm(path: string, fields: Record<string, string>) {
	return new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});
}

/** Bad requests shared by both functions: method, type, size and JSON shape. */
export function transportCases(path: string): [string, () => Request, number, string][] {
	const url = `http://localhost${path}`;
	return [
		['GET', () => new Request(url), 405, 'method_not_allowed'],
		[
			'PUT',
			() =>
				new Request(url, {
					method: 'PUT',
					headers: { 'content-type': 'application/json' },
					body: '{}',
				}),
			405,
			'method_not_allowed',
		],
		['DELETE', () => new Request(url, { method: 'DELETE' }), 405, 'method_not_allowed'],
		[
			'text/plain',
			() =>
				new Request(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }),
			415,
			'unsupported_media_type',
		],
		[
			'no content type',
			() => new Request(url, { method: 'POST', body: new Uint8Array([123, 125]) }),
			415,
			'unsupported_media_type',
		],
		[
			'multipart',
			() =>
				new Request(url, {
					method: 'POST',
					headers: { 'content-type': 'multipart/form-data; boundary=x' },
					body: '--x--',
				}),
			415,
			'unsupported_media_type',
		],
		['broken JSON', () => postJson(path, '{"email":'), 400, 'invalid_json'],
		['a JSON array', () => postJson(path, '[]'), 400, 'invalid_json'],
		['a JSON string', () => postJson(path, '"a@b.co"'), 400, 'invalid_json'],
		['JSON null', () => postJson(path, 'null'), 400, 'invalid_json'],
		[
			'a body over the cap',
			() => postJson(path, { padding: 'x'.repeat(9000) }),
			413,
			'payload_too_large',
		],
		[
			'a declared length over the cap',
			() => postJson(path, '{}', { 'content-length': '100000' }),
			413,
			'payload_too_large',
		],
	];
}

/**
 * A real database for one test file: started before its tests, stopped after them, and
 * emptied of sign-ups and submissions before each test.
 */
export function formsTestDb(): { readonly sql: Sql } {
	let db: TestDb | undefined;
	beforeAll(async () => {
		db = await startTestDb();
	});
	afterAll(() => db?.stop());
	beforeEach(async () => {
		await db!.sql`delete from newsletter_subscribers`;
		await db!.sql`delete from new_app_submissions`;
	});
	return {
		get sql() {
			return db!.sql;
		},
	};
}
