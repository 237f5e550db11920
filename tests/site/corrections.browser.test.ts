// Corrections and claims on the built site (record 0022): every live tool page links to its
// correction form and still ships no JavaScript; the home page does not load the form's code;
// in Debian's Chromium the form works with JavaScript on (toast, form emptied, input kept on
// failure) and off (a plain post lands on the thanks page); axe finds nothing at 375 and 1280 px.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets.ts';
import { pagePayload } from '../../bench/page-payload.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { axeViolations, openPage } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let sql: Sql;
let toolId: number;
const SOURCE = 'https://www.procore.com/platform/mobile';
const toast = (page: Page) => page.locator('.Toastify__toast');
const FUNCTION_ANSWER = { timeout: 15_000 };

async function ready(page: Page, route: string) {
	await page.goto(`${baseUrl}${route}`);
	await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
const stored = () =>
	sql`select what, fact, value, source_url, quote, email from tool_suggestions
		where tool_id = ${toolId} order by id`;

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	const [tool] =
		await sql`select id from construction_apps where name = 'Procore' and status = 'live'`;
	toolId = Number(tool.id);
	await sql`delete from tool_suggestions`;
});
afterAll(() => sql?.end());

describe('built output', () => {
	it('links every live tool page to its own correction and claim form, and ships no JavaScript there', async () => {
		const live =
			await sql`select id from construction_apps where status = 'live' order by id limit 40`;
		for (const { id } of live) {
			const page = await readPage(`/app/${id}/`);
			const hrefs = page.querySelectorAll('a').map((a) => a.getAttribute('href'));
			expect(hrefs).toContain(`/app/${id}/suggest/`);
			expect(hrefs).toContain(`/app/${id}/suggest/#claim`);
			const form = await readPage(`/app/${id}/suggest/`);
			expect(form.querySelector('input[name=tool_id]')?.getAttribute('value')).toBe(String(id));
		}
		expect((await pagePayload(distDir, `/app/${toolId}/`)).scripts).toEqual([]);
		// Forms and their answers are no pages to land on from a search.
		const sitemap = await readFile(path.join(distDir, 'sitemap-0.xml'), 'utf8');
		expect(sitemap).not.toMatch(/\/suggest\/|\/claim\//);
		for (const route of [
			'/suggest/thanks/',
			'/suggest/confirmed/',
			'/claim/sent/',
			'/claim/confirmed/',
		])
			expect((await pagePayload(distDir, route)).scripts).toEqual([]);
	});

	it('keeps the home page within its budget and without the correction form’s code', async () => {
		const home = await pagePayload(distDir, '/');
		expect(home.jsGzipOwn).toBeLessThanOrEqual(BUDGETS.homeOwnJsGzip);
		const code = await Promise.all(
			home.scripts
				.filter((script) => script.file.startsWith('/'))
				.map((script) => readFile(path.join(distDir, script.file), 'utf8')),
		);
		expect(code.join('\n')).not.toContain('Send the correction');
		expect(code.join('\n')).not.toContain('SuggestForm');
	});

	it('renders every value group without JavaScript, posting as a plain form', async () => {
		const form = (await readPage(`/app/${toolId}/suggest/`)).querySelector('form')!;
		expect(form.getAttribute('method')).toBe('post');
		expect(form.getAttribute('action')).toBe('/.netlify/functions/submit');
		for (const name of [
			'value_platforms',
			'price_amount',
			'partner',
			'new_name',
			'source_url',
			'quote',
			'email',
		])
			expect(form.querySelector(`[name=${name}]`), name).not.toBeNull();
		expect(form.querySelector('[name=kind]')?.getAttribute('value')).toBe('correction');
	});
});

describe.runIf(browserAvailable())('the correction form in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it('is reached from the tool page and sends a fact: toast, form emptied, row stored', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, `/app/${toolId}/`);
		await page.getByRole('link', { name: 'Suggest a correction or a missing fact' }).click();
		await page.waitForURL(`${baseUrl}/app/${toolId}/suggest/`);
		await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
		// Only the chosen fact's values show once the island runs.
		await expect.poll(() => page.getByRole('checkbox', { name: 'Android' }).count()).toBe(0);
		await page.getByLabel('What is wrong or missing?').selectOption('platforms');
		await page.getByRole('checkbox', { name: 'Android' }).check();
		await page.getByRole('checkbox', { name: 'Web browser' }).check();
		await page.getByLabel('Source: the vendor page that says it').fill(SOURCE);
		await page
			.getByLabel(/The sentence the page says/)
			.fill('Procore runs on Android and the web.');
		await page.getByRole('button', { name: 'Send the correction' }).click();
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toBe('Thanks! An editor will check it against its source.');
		expect(await page.locator('.Toastify__toast-container--top-center').count()).toBe(1);
		expect(await page.locator('.Toastify__toast-theme--dark').count()).toBe(1);
		expect(await page.getByLabel('Source: the vendor page that says it').inputValue()).toBe('');
		expect(await page.getByLabel('What is wrong or missing?').inputValue()).toBe('');
		expect(await stored()).toEqual([
			{
				what: 'fact',
				fact: 'platforms',
				value: ['web', 'android'],
				source_url: SOURCE,
				quote: 'Procore runs on Android and the web.',
				email: null,
			},
		]);
		expectNoErrors();
	});

	it('keeps what was typed and marks the field when the server refuses it', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, `/app/${toolId}/suggest/`);
		await page.getByLabel('What is wrong or missing?').selectOption('name');
		await page.getByLabel('The right name').fill('Procore Technologies');
		const source = page.getByLabel('Source: the vendor page that says it');
		await source.fill('ftp://procore.com/about');
		await page.getByRole('button', { name: 'Send the correction' }).click();
		await expect.poll(() => toast(page).textContent(), FUNCTION_ANSWER).toMatch(/http/);
		expect(await source.inputValue()).toBe('ftp://procore.com/about');
		expect(await source.getAttribute('aria-invalid')).toBe('true');
		expect(await page.getByLabel('The right name').inputValue()).toBe('Procore Technologies');
		expect(await stored()).toHaveLength(1);
		expectNoErrors(/status of 422/);
	});

	it('marks a refused value inside its group and shows only the chosen group', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, `/app/${toolId}/suggest/`);
		// The island hides the no-JS hint and the groups not chosen once its effect has run.
		await expect.poll(() => page.getByText('the others are ignored').isVisible()).toBe(false);
		await page.getByLabel('What is wrong or missing?').selectOption('offline');
		expect(await page.getByRole('radio', { name: 'Works offline' }).isVisible()).toBe(true);
		expect(await page.getByRole('textbox', { name: 'The right name' }).count()).toBe(0);
		await page.getByLabel('Source: the vendor page that says it').fill(SOURCE);
		await page.getByRole('button', { name: 'Send the correction' }).click();
		await expect.poll(() => toast(page).textContent(), FUNCTION_ANSWER).toMatch(/Offline/);
		const group = page.getByRole('group', { name: 'Offline field use', exact: true });
		expect(await group.getAttribute('aria-invalid')).toBe('true');
		expect(await group.getByText(/Choose the Offline field use/).isVisible()).toBe(true);
		expect(await page.getByLabel('Source: the vendor page that says it').inputValue()).toBe(SOURCE);
		expect(await stored()).toHaveLength(1);
		expectNoErrors(/status of 422/);
	});

	it('with JavaScript off, posts every group and lands on the thanks page', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/app/${toolId}/suggest/`);
		await page.getByLabel('What is wrong or missing?').selectOption('sso');
		await page.locator('input[name=value_sso][value=yes]').check();
		await page
			.getByLabel('Source: the vendor page that says it')
			.fill('https://www.procore.com/security');
		await page.getByRole('button', { name: 'Send the correction' }).click();
		await page.waitForURL(`${baseUrl}/suggest/thanks/`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Thanks! An editor will check it against its source.',
		);
		expect((await stored()).at(-1)).toMatchObject({ fact: 'sso', value: ['yes'] });
	});

	it('refuses a claim from free mail with its own message, keeping the address', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, `/app/${toolId}/suggest/`);
		const email = page.getByLabel(/Your work e-mail, at procore\.com/);
		await email.fill('someone@gmail.com');
		await page.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
		await expect.poll(() => toast(page).textContent(), FUNCTION_ANSWER).toMatch(/free e-mail/);
		expect(await email.inputValue()).toBe('someone@gmail.com');
		expectNoErrors(/status of 422/);
	});

	it('claims a listing without JavaScript: e-mail, link, button, confirmed; a claimant’s suggestion is the vendor’s once its own link is confirmed', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/app/${toolId}/suggest/#claim`);
		const label = await page.locator('label[for=claim-email]').textContent();
		const domain = /at (\S+)$/.exec(label!.trim())![1];
		const email = `estimator@${domain}`;
		await page.getByLabel(/Your work e-mail/).fill(email);
		await page.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
		await page.waitForURL(`${baseUrl}/claim/sent/`);
		const outbox = inject('outboxDir');
		const file = (await readdir(outbox)).find((name) => name.includes(email));
		const mail = (await readFile(path.join(outbox, file!), 'utf8')).replace(/=\r?\n/g, '');
		const link = /http:\/\/\S+action=3Dclaim&token=3D[\w.-]+/.exec(mail)![0].replaceAll('=3D', '=');
		// Opening the link changes nothing; the button does.
		await page.goto(link);
		expect(
			(await sql`select confirmed_at from listing_claims where email = ${email}`)[0].confirmed_at,
		).toBeNull();
		await page.getByRole('button', { name: 'Confirm my claim' }).click();
		await page.waitForURL(`${baseUrl}/claim/confirmed/`);
		expect(
			(await sql`select confirmed_at from listing_claims where email = ${email}`)[0].confirmed_at,
		).not.toBeNull();
		await page.goto(`${baseUrl}/app/${toolId}/suggest/`);
		await page.getByLabel('What is wrong or missing?').selectOption('sso');
		await page.locator('input[name=value_sso][value=yes]').check();
		await page.getByLabel('Source: the vendor page that says it').fill(`https://${domain}/sso`);
		await page.getByLabel('Your e-mail (optional)').fill(email);
		await page.getByRole('button', { name: 'Send the correction' }).click();
		await page.waitForURL(`${baseUrl}/suggest/thanks/`);
		const vendorStated = async () =>
			(await sql`select vendor_stated from tool_suggestions where email = ${email}`)[0]
				.vendor_stated;
		// Typing the claimant's address proves nothing: its own link does (record 0027).
		expect(await vendorStated()).toBe(false);
		let confirm: string | undefined;
		for (const name of (await readdir(outbox)).filter((name) => name.includes(email))) {
			const text = (await readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '');
			confirm ??= /http:\/\/\S+action=3Dsuggestion&token=3D[\w.-]+/.exec(text)?.[0];
		}
		await page.goto(confirm!.replaceAll('=3D', '='));
		expect(await vendorStated()).toBe(false);
		await page.getByRole('button', { name: 'Confirm my correction' }).click();
		await page.waitForURL(`${baseUrl}/suggest/confirmed/`);
		expect(await vendorStated()).toBe(true);
	});

	it.each([
		[`/app/{id}/suggest/`, 375],
		[`/app/{id}/suggest/`, 1280],
		['/suggest/thanks/', 375],
		['/claim/sent/', 1280],
		['/claim/confirmed/', 375],
		['/suggest/confirmed/', 1280],
	])('has no axe violations on %s at %i px', async (route, width) => {
		const { page } = await openPage(browser, { width, height: 800 });
		await ready(page, route.replace('{id}', String(toolId)));
		expect(await axeViolations(page)).toEqual([]);
	});
});
