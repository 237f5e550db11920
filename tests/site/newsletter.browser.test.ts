// The newsletter end to end in Debian's Chromium: sign up on the home page, confirm from the
// e-mail in the served site's outbox, receive an issue, unsubscribe from its link.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage } from '../helpers/page.ts';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';
import { readOutbox, tempDir } from '../newsletter/outbox.ts';
import { NEWSLETTER_FIXTURES } from '../newsletter/site-fixtures.ts';
import { FAKE_SECRETS } from './fixtures.ts';

const baseUrl = inject('baseUrl');
const ADDRESS = 'Newsletter.Reader@example.com';
let browser: Browser;
let sql: Sql;

const firstLink = (text: string, action: string) =>
	new RegExp(`https?://\\S+?action=${action}&token=[\\w.-]+`).exec(text)?.[0];

describe.runIf(browserAvailable())('the newsletter in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		sql = connectEmbedded(inject('dbUrl'));
	});
	afterAll(async () => {
		await browser?.close();
		await sql?.end();
	});

	it('signs up on the home page and confirms from the e-mail in the outbox', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/`);
		await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
		await page.getByLabel('Your work e-mail').fill(ADDRESS);
		await page.getByRole('button', { name: 'Subscribe' }).click();
		// The function renders and writes the confirmation e-mail before it answers.
		await expect
			.poll(() => page.locator('.Toastify__toast').textContent(), { timeout: 20_000 })
			.toBe(
				'You have been subscribed ! Check your inbox and click the link in our e-mail to confirm.',
			);

		let confirm: string | undefined;
		await expect
			.poll(
				async () => {
					const mail = (await readOutbox(inject('outboxDir'))).find((m) => m.to === ADDRESS);
					confirm = mail && firstLink(mail.text, 'confirm');
					return confirm;
				},
				{ timeout: 10_000 },
			)
			.toMatch(new RegExp(`^${baseUrl}/`));
		const [pending] = await sql`select status from newsletter_subscribers where email = ${ADDRESS}`;
		expect(pending.status).toBe('unconfirmed');

		await page.goto(confirm!);
		await page.getByRole('button', { name: 'Confirm my subscription' }).click();
		await page.waitForURL(`${baseUrl}/newsletter/confirmed/`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Your subscription is confirmed',
		);
		expect(await axeViolations(page)).toEqual([]);
		const [row] = await sql`select status from newsletter_subscribers where email = ${ADDRESS}`;
		expect(row.status).toBe('confirmed');
		expectNoErrors();
	});

	it('unsubscribes from the link in an issue, after one press of the button', async () => {
		const hook = await fakeBuildHook(() => 200);
		const outbox = await tempDir('contech-issue-outbox-');
		const env = editorEnv(
			{ dataDir: inject('dbDir'), port: new URL(inject('dbUrl')).port },
			{
				SITE_URL: baseUrl,
				NEWSLETTER_SECRET: FAKE_SECRETS.NEWSLETTER_SECRET,
				NETLIFY_BUILD_HOOK_URL: hook.url,
				OUTBOX_DIR: outbox,
			},
		);
		try {
			expect((await editor(['newsletter', 'draft'], env)).code).toBe(0);
			const sent = await editor(['newsletter', 'send'], env);
			expect(sent.code, sent.stdout + sent.stderr).toBe(0);
		} finally {
			await hook.close();
		}
		const issue = (await readOutbox(outbox)).find((m) => m.to === ADDRESS)!;
		const unsubscribe = firstLink(issue.text, 'unsubscribe')!;
		expect(issue.headers['list-unsubscribe'].replace(/\s/g, '')).toBe(`<${unsubscribe}>`);

		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(unsubscribe);
		const [still] = await sql`select status from newsletter_subscribers where email = ${ADDRESS}`;
		expect(still.status).toBe('confirmed');
		await page.getByRole('button', { name: 'Unsubscribe' }).click();
		await page.waitForURL(`${baseUrl}/newsletter/unsubscribed/`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'You are unsubscribed',
		);
		const [row] = await sql`select status from newsletter_subscribers where email = ${ADDRESS}`;
		expect(row.status).toBe('unsubscribed');
		expectNoErrors();
	});

	it('shows sent issues (never a draft), linked from the sign-up banner', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/`);
		await page.getByRole('link', { name: 'See past issues' }).click();
		await page.waitForURL(`${baseUrl}/newsletter/`);
		expect(await page.content()).not.toContain(NEWSLETTER_FIXTURES.draftIntro);
		await page.getByRole('link', { name: /weekly #1: 1 new tool/ }).click();
		await page.waitForURL(`${baseUrl}/newsletter/1/`);
		expect(await page.locator('.issue__intro strong').textContent()).toBe('issue one');
		await expect
			.poll(() => page.getByRole('link', { name: NEWSLETTER_FIXTURES.sentTool }).count())
			.toBe(1);
		expect(await axeViolations(page)).toEqual([]);
		const draft = await page.goto(`${baseUrl}/newsletter/2/`);
		expect(draft?.status()).toBe(404);
		expectNoErrors(/404/);
	});
});
