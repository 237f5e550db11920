import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { embeddedNewsletterStore } from '../../src/features/newsletter/store.server.ts';
import { linkUrl, newsletterConfigOf } from '../../src/features/newsletter/config.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';
import { createNewsletterLinkHandler } from '../../src/features/newsletter/links.server.ts';
import { parseConfig } from '../../src/lib/config.server.ts';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { dropSharedEmbeddedPool, sharedEmbeddedPool } from '../../src/lib/store/embedded.server.ts';
import { linksIn, newsletterFunction, subscriberRow } from './harness.ts';

let db: TestDb;
beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

async function confirmed(fn: ReturnType<typeof newsletterFunction>, email: string) {
	await fn.signUp(email);
	const links = linksIn(fn.sent.at(-1)!);
	await fn.open(links.confirm, 'POST');
	return links;
}

describe('leaving the list', () => {
	it('a one-click POST to the unsubscribe address unsubscribes at once, answers 200 without a redirect (RFC 8058) and keeps a suppression record', async () => {
		const fn = newsletterFunction(db.sql);
		const { unsubscribe } = await confirmed(fn, 'oneclick@example.com');
		const answer = await fn.oneClick(unsubscribe);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('location')).toBeNull();
		expect(await answer.text()).toContain('You are unsubscribed');
		const row = await subscriberRow(db.sql, 'oneclick@example.com');
		expect(row).toMatchObject({ status: 'unsubscribed', email: 'oneclick@example.com' });
		expect(row.unsubscribed_at).toBeInstanceOf(Date);
		const [{ count }] =
			await db.sql`select count(*)::int from newsletter_confirmed_subscribers() where email = 'oneclick@example.com'`;
		expect(count).toBe(0);
	});

	it('a GET (a person, or a link scanner) only shows the button; the button unsubscribes', async () => {
		const fn = newsletterFunction(db.sql);
		const { unsubscribe } = await confirmed(fn, 'scanned@example.com');
		for (let i = 0; i < 3; i++) {
			const page = await fn.open(unsubscribe);
			expect(page.status).toBe(200);
			expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
		}
		expect((await subscriberRow(db.sql, 'scanned@example.com')).status).toBe('confirmed');
		// The person pressing the button is sent on to the page that says it is done.
		const pressed = await fn.open(unsubscribe, 'POST');
		expect(pressed.status).toBe(303);
		expect(pressed.headers.get('location')).toBe('/newsletter/unsubscribed/');
		expect((await subscriberRow(db.sql, 'scanned@example.com')).status).toBe('unsubscribed');
	});

	it('a multipart one-click POST from a mail provider is answered 200 in place too', async () => {
		const fn = newsletterFunction(db.sql);
		const { unsubscribe } = await confirmed(fn, 'multipart@example.com');
		const answer = await fn.oneClick(unsubscribe, 'multipart');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('location')).toBeNull();
		expect((await subscriberRow(db.sql, 'multipart@example.com')).status).toBe('unsubscribed');
		// Sent again (providers retry), it answers the same and changes nothing.
		expect((await fn.oneClick(unsubscribe, 'multipart')).status).toBe(200);
	});

	it('unsubscribing an unconfirmed sign-up works too, and a forged unsubscribe link does nothing', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('victim@example.com');
		const { unsubscribe } = linksIn(fn.sent[0]);
		const forged = unsubscribe.replace(/token=u\.(\d+)/, (_, id) => `token=u.${Number(id) + 1}`);
		expect((await fn.open(forged, 'POST')).status).toBe(400);
		expect((await fn.open(unsubscribe, 'POST')).status).toBe(303);
		expect((await subscriberRow(db.sql, 'victim@example.com')).status).toBe('unsubscribed');
	});
});

describe('sign-ups', () => {
	it('answer the same whatever the list holds (new, unconfirmed, confirmed, unsubscribed)', async () => {
		const fn = newsletterFunction(db.sql);
		const { unsubscribe } = await confirmed(fn, 'left@example.com');
		await fn.open(unsubscribe, 'POST');
		await confirmed(fn, 'member@example.com');
		await fn.signUp('pending@example.com');
		const answers = [];
		for (const email of [
			'new@example.com',
			'pending@example.com',
			'member@example.com',
			'left@example.com',
		]) {
			const answer = await fn.signUp(email);
			answers.push({
				status: answer.status,
				body: await answer.text(),
				headers: [...answer.headers].sort(),
			});
		}
		for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
	});

	it('resend the confirmation at most once an hour while unconfirmed, never to a confirmed address', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('eager@example.com');
		await fn.signUp('eager@example.com');
		await fn.signUp('EAGER@example.com');
		expect(fn.sent).toHaveLength(1);
		await db.sql`update newsletter_subscribers set confirmation_sent_at = now() - interval '61 minutes' where email_normalized = 'eager@example.com'`;
		await fn.signUp('eager@example.com');
		expect(fn.sent).toHaveLength(2);
		await fn.open(linksIn(fn.sent[1]).confirm, 'POST');
		await db.sql`update newsletter_subscribers set confirmation_sent_at = now() - interval '2 hours' where email_normalized = 'eager@example.com'`;
		await fn.signUp('eager@example.com');
		expect(fn.sent).toHaveLength(2);
	});

	it('a confirmation that cannot be sent answers 503 and goes out on the next try', async () => {
		const fn = newsletterFunction(db.sql);
		fn.mailer.fail = true;
		const failed = await fn.signUp('offline@example.com');
		expect(failed.status).toBe(503);
		fn.mailer.fail = false;
		expect((await fn.signUp('offline@example.com')).status).toBe(200);
		expect(fn.sent.map((mail) => mail.to)).toEqual(['offline@example.com']);
	});

	it('delete unconfirmed addresses older than 7 days, and keep confirmed and unsubscribed ones', async () => {
		const fn = newsletterFunction(db.sql);
		await db.sql`insert into newsletter_subscribers (email, source, consent_at, status, confirmed_at, unsubscribed_at) values
			('stale@example.com', 'test', now() - interval '8 days', 'unconfirmed', null, null),
			('recent@example.com', 'test', now() - interval '6 days', 'unconfirmed', null, null),
			('kept@example.com', 'test', now() - interval '30 days', 'confirmed', now() - interval '29 days', null),
			('gone@example.com', 'test', now() - interval '30 days', 'unsubscribed', null, now() - interval '20 days')`;
		await fn.signUp('someone-else@example.com');
		expect(await subscriberRow(db.sql, 'stale@example.com')).toBeUndefined();
		for (const email of ['recent@example.com', 'kept@example.com', 'gone@example.com'])
			expect(await subscriberRow(db.sql, email)).toBeDefined();
	});
});

describe('a database that stops answering', () => {
	it('a confirm link answers 503 within its deadline, starts the next call from a fresh store, and works then', async () => {
		const working = newsletterFunction(db.sql);
		await working.signUp('stuck@example.com');
		const { confirm } = linksIn(working.sent.at(-1)!);
		// The first store's queries never settle, as a pool whose server died can leave them.
		const real = embeddedNewsletterStore(db.sql);
		const stuck = { ...real, confirm: () => new Promise<never>(() => {}) };
		let current: typeof real = stuck;
		let dropped = 0;
		const fn = newsletterFunction(db.sql, {
			store: async () => current,
			storeTimeoutMs: 300,
			dropStore: () => {
				dropped++;
				current = real;
			},
		});
		const answer = await fn.open(confirm, 'POST');
		expect(answer.status).toBe(503);
		expect(answer.headers.get('retry-after')).toBe('120');
		expect(dropped).toBe(1);
		expect((await subscriberRow(db.sql, 'stuck@example.com')).status).toBe('unconfirmed');
		const again = await fn.open(confirm, 'POST');
		expect(again.status).toBe(303);
		expect((await subscriberRow(db.sql, 'stuck@example.com')).status).toBe('confirmed');
	});
});

describe('the function as deployed, on a pool that has failed', () => {
	it('a one-click unsubscribe answers 503, drops the shared pool, and works on the next try', async () => {
		// The deps the deployed function builds from its environment, on this test database.
		const env = {
			SUPABASE_URL: '',
			EMBEDDED_DB_DIR: db.dataDir,
			EMBEDDED_DB_PORT: String(db.port),
			SITE_URL: 'https://directory.example.com',
			NEWSLETTER_SECRET: 'subscription-test-secret-0123456789abcdef',
		};
		const deps = { ...newsletterDepsFromEnv(env), logError: () => {} };
		const handle = createNewsletterLinkHandler(deps);
		const [row] = await db.sql`insert into newsletter_subscribers
			(email, source, consent_at, status, confirmed_at)
			values ('pool@example.com', 'test', now(), 'confirmed', now()) returning id`;
		const unsubscribe = linkUrl(
			newsletterConfigOf(parseConfig(env, 'functions')),
			'unsubscribe',
			Number(row.id),
		);
		const oneClick = () =>
			handle(
				new Request(unsubscribe, {
					method: 'POST',
					body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
				}),
			);
		// The pool the warm function shares dies under it (as when its database restarted).
		const url = embeddedDbUrl(embeddedDbConfig(env));
		const broken = sharedEmbeddedPool(url);
		await broken.end({ timeout: 0 });
		const failed = await oneClick();
		expect(failed.status).toBe(503);
		expect((await subscriberRow(db.sql, 'pool@example.com')).status).toBe('confirmed');
		expect(sharedEmbeddedPool(url)).not.toBe(broken);
		const again = await oneClick();
		expect(again.status).toBe(200);
		expect((await subscriberRow(db.sql, 'pool@example.com')).status).toBe('unsubscribed');
		dropSharedEmbeddedPool(url);
	});
});
