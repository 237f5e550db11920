import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { linksIn, newsletterFunction, subscriberRow } from './harness.ts';

let db: TestDb;
beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

describe('double opt-in: the confirmation link', () => {
	it('a sign-up stores an unconfirmed address and e-mails a link; GET shows a button, POST confirms', async () => {
		const fn = newsletterFunction(db.sql);
		const answer = await fn.signUp('Ada@Example.com');
		expect(answer.status).toBe(200);
		expect(await answer.json()).toEqual({ ok: true });
		expect(await subscriberRow(db.sql, 'ada@example.com')).toMatchObject({
			status: 'unconfirmed',
			confirmed_at: null,
			source: 'contech-directory-website',
		});
		expect(fn.sent).toHaveLength(1);
		const [mail] = fn.sent;
		expect(mail.to).toBe('Ada@Example.com');
		expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
		const { confirm } = linksIn(mail);
		expect(mail.html).toContain('Confirm my subscription');

		const page = await fn.open(confirm);
		expect(page.status).toBe(200);
		expect(await page.text()).toMatch(
			/<form method="post"><button type="submit">Confirm my subscription/,
		);
		expect((await subscriberRow(db.sql, 'ada@example.com')).status).toBe('unconfirmed');

		const done = await fn.open(confirm, 'POST');
		expect(done.status).toBe(303);
		expect(done.headers.get('location')).toBe('/newsletter/confirmed/');
		const row = await subscriberRow(db.sql, 'ada@example.com');
		expect(row.status).toBe('confirmed');
		expect(row.confirmed_at).toBeInstanceOf(Date);
		expect(row.consent_at.getTime()).toBeLessThanOrEqual(row.confirmed_at.getTime());
	});

	it('an expired link confirms nothing and says so', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('late@example.com');
		const { confirm } = linksIn(fn.sent[0]);
		fn.clock.now += 49 * 3600_000;
		for (const method of ['GET', 'POST'] as const) {
			const answer = await fn.open(confirm, method);
			expect(answer.status).toBe(410);
			expect(await answer.text()).toContain('This link has expired');
		}
		expect((await subscriberRow(db.sql, 'late@example.com')).status).toBe('unconfirmed');
	});

	it('a tampered link (other subscriber, other signature, other action) confirms nothing', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('first@example.com');
		await fn.signUp('second@example.com');
		const { confirm } = linksIn(fn.sent[0]);
		const second = await subscriberRow(db.sql, 'second@example.com');
		const token = new URL(confirm).searchParams.get('token')!;
		const [action, , consent, expiry, signature] = token.split('.');
		const tampered = [
			confirm.replace(token, [action, second.id, consent, expiry, signature].join('.')),
			confirm.replace(token, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`),
			confirm.replace(
				token,
				[action, '1', consent, String(Number(expiry) + 9999), signature].join('.'),
			),
			confirm.replace('action=confirm', 'action=unsubscribe'),
			confirm.replace(/token=.*/, 'token=garbage'),
		];
		for (const url of tampered) {
			const answer = await fn.open(url, 'POST');
			expect(answer.status, url).toBe(400);
		}
		for (const email of ['first@example.com', 'second@example.com'])
			expect((await subscriberRow(db.sql, email)).status).toBe('unconfirmed');
	});

	it('a reused link answers the same and changes nothing; after an unsubscribe it is void', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('twice@example.com');
		const { confirm, unsubscribe } = linksIn(fn.sent[0]);
		expect((await fn.open(confirm, 'POST')).status).toBe(303);
		const confirmedAt = (await subscriberRow(db.sql, 'twice@example.com')).confirmed_at;
		const again = await fn.open(confirm, 'POST');
		expect(again.status).toBe(303);
		expect((await subscriberRow(db.sql, 'twice@example.com')).confirmed_at).toEqual(confirmedAt);

		expect((await fn.open(unsubscribe, 'POST')).status).toBe(303);
		const reused = await fn.open(confirm, 'POST');
		expect(reused.status).toBe(410);
		expect((await subscriberRow(db.sql, 'twice@example.com')).status).toBe('unsubscribed');
	});

	it('signing up again after unsubscribing sends a new link; the old one stays void', async () => {
		const fn = newsletterFunction(db.sql);
		await fn.signUp('back@example.com');
		const first = linksIn(fn.sent[0]);
		await fn.open(first.confirm, 'POST');
		await fn.open(first.unsubscribe, 'POST');
		fn.clock.now += 1000;
		await fn.signUp('back@example.com');
		expect(fn.sent).toHaveLength(2);
		expect((await subscriberRow(db.sql, 'back@example.com')).status).toBe('unconfirmed');
		expect((await fn.open(first.confirm, 'POST')).status).toBe(410);
		expect((await fn.open(linksIn(fn.sent[1]).confirm, 'POST')).status).toBe(303);
		expect((await subscriberRow(db.sql, 'back@example.com')).status).toBe('confirmed');
	});
});
