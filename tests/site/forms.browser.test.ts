// Newsletter sign-up and tool submission in Debian's Chromium, through the real functions.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let sql: Sql;

async function ready(page: Page, route: string) {
	// Collect CSP violations from the start: the islands must hydrate under the enforced policy.
	await page.addInitScript(() => {
		(window as unknown as { cspViolations: string[] }).cspViolations = [];
		document.addEventListener('securitypolicyviolation', (event) =>
			(window as unknown as { cspViolations: string[] }).cspViolations.push(
				`${event.violatedDirective} ${event.blockedURI}`,
			),
		);
	});
	await page.goto(`${baseUrl}${route}`);
	await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
const cspViolations = (page: Page) =>
	page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const toast = (page: Page) => page.locator('.Toastify__toast');
// netlify serve loads a function anew for every call: seconds, not milliseconds, on a busy machine.
const FUNCTION_ANSWER = { timeout: 15_000 };

describe.runIf(browserAvailable())('forms in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		sql = connectEmbedded(inject('dbUrl'));
	});
	afterAll(async () => {
		await browser?.close();
		await sql?.end();
	});

	it('subscribes: exact toast, top-center, dark, no progress bar, closes by itself, input cleared', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, '/');
		const email = page.getByLabel('Your work e-mail');
		await email.fill('Browser.Visitor@Example.com');
		await page.getByRole('button', { name: 'Subscribe' }).click();
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toBe(
				'You have been subscribed ! Check your inbox and click the link in our e-mail to confirm.',
			);
		expect(await page.locator('.Toastify__toast-container--top-center').count()).toBe(1);
		expect(await page.locator('.Toastify__toast-theme--dark').count()).toBe(1);
		// No progress bar: react-toastify keeps the element but hides it from eyes and screen readers.
		const bars = await page.locator('.Toastify__toast [role=progressbar]').evaluateAll((elements) =>
			elements.map((element) => {
				let opacity = 1;
				for (let node: Element | null = element; node; node = node.parentElement) {
					opacity *= Number(getComputedStyle(node).opacity);
				}
				return { ariaHidden: element.getAttribute('aria-hidden'), opacity };
			}),
		);
		expect(bars).toEqual([{ ariaHidden: 'true', opacity: 0 }]);
		expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
		expect(await email.inputValue()).toBe('');
		const rows =
			await sql`select source from newsletter_subscribers where email_normalized = 'browser.visitor@example.com'`;
		expect(rows).toHaveLength(1);
		await expect.poll(() => toast(page).count(), { timeout: 6000, interval: 250 }).toBe(0);
		expect(await cspViolations(page)).toEqual([]);
		expectNoErrors();
	});

	it.each([
		[
			'the function fails',
			(page: Page) =>
				page.route('**/.netlify/functions/subscribe', (r) =>
					r.fulfill({
						status: 503,
						contentType: 'application/json',
						body: JSON.stringify({
							error: {
								code: 'store_unavailable',
								message:
									'We cannot save this right now. Please try again in a few minutes; nothing was saved.',
							},
						}),
					}),
				),
			/try again in a few minutes/,
		],
		[
			'the network is down',
			(page: Page) =>
				page.route('**/.netlify/functions/subscribe', (r) => r.abort('internetdisconnected')),
			/could not reach the server/,
		],
	])('keeps the e-mail and says what to do when %s', async (_, breakIt, message) => {
		const { page } = await openPage(browser);
		await ready(page, '/');
		await breakIt(page);
		await page.getByLabel('Your work e-mail').fill('kept@example.com');
		await page.getByRole('button', { name: 'Subscribe' }).click();
		await expect.poll(() => toast(page).textContent(), FUNCTION_ANSWER).toMatch(message);
		expect(await page.getByLabel('Your work e-mail').inputValue()).toBe('kept@example.com');
	});

	it('submits a tool: exact toast, form cleared, row stored with https://', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, '/newapp/');
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Submit an Application',
		);
		await page.getByLabel('Application Name').fill('Browser Test Tool');
		await page.getByLabel('Application URL').fill('browser-test-tool.example.com');
		await page.getByRole('button', { name: 'Submit' }).click();
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toBe('Thanks for submitting!');
		expect(await page.getByLabel('Application Name').inputValue()).toBe('');
		expect(await page.getByLabel('Application URL').inputValue()).toBe('');
		expect(await page.getByText(/let you know when it's live/).isVisible()).toBe(true);
		const rows =
			await sql`select url, status from new_app_submissions where name = 'Browser Test Tool'`;
		expect(rows).toEqual([{ url: 'https://browser-test-tool.example.com', status: 'pending' }]);
		expect(await cspViolations(page)).toEqual([]);
		expectNoErrors();
	});

	it('keeps both fields and marks the bad one when the server refuses the URL', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await ready(page, '/newapp/');
		await page.getByLabel('Application Name').fill('Sneaky');
		await page.getByLabel('Application URL').fill('javascript:alert(1)');
		await page.getByRole('button', { name: 'Submit' }).click();
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toMatch(/http:\/\/ and https:\/\//);
		const url = page.getByLabel('Application URL');
		expect(await url.inputValue()).toBe('javascript:alert(1)');
		expect(await url.getAttribute('aria-invalid')).toBe('true');
		expect(await page.getByLabel('Application Name').inputValue()).toBe('Sneaky');
		expect(await sql`select 1 from new_app_submissions where name = 'Sneaky'`).toHaveLength(0);
		expectNoErrors(/status of 422/);
	});

	it('keeps the form when the function fails, and sends one request for a double click', async () => {
		const { page } = await openPage(browser);
		await ready(page, '/newapp/');
		let requests = 0;
		await page.route('**/.netlify/functions/submit', async (route) => {
			requests++;
			await new Promise((resolve) => setTimeout(resolve, 400));
			await route.fulfill({
				status: 500,
				contentType: 'text/html',
				body: '<h1>Internal error</h1>',
			});
		});
		await page.getByLabel('Application Name').fill('Kept Tool');
		await page.getByLabel('Application URL').fill('https://kept.example.com');
		await page.getByRole('button', { name: 'Submit' }).dblclick();
		await expect.poll(() => page.getByRole('button', { name: 'Submitting…' }).count()).toBe(1);
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toMatch(/went wrong on our side/);
		expect(requests).toBe(1);
		expect(await page.getByLabel('Application Name').inputValue()).toBe('Kept Tool');
		expect(await page.getByLabel('Application URL').inputValue()).toBe('https://kept.example.com');
	});

	it('tells the visitor a tool is already listed and links to its page', async () => {
		const { page } = await openPage(browser);
		await ready(page, '/newapp/');
		await page.getByLabel('Application Name').fill('Procore');
		await page.getByLabel('Application URL').fill('www.procore.com');
		await page.getByRole('button', { name: 'Submit' }).click();
		await expect
			.poll(() => toast(page).textContent(), FUNCTION_ANSWER)
			.toMatch(/Procore is already listed/);
		await page.getByRole('link', { name: 'See its page' }).click();
		await page.waitForURL(/\/app\/\d+\/$/);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Procore');
	});

	it('Cancel goes home', async () => {
		const { page } = await openPage(browser);
		await ready(page, '/newapp/');
		await page.getByRole('link', { name: 'Cancel' }).click();
		await page.waitForURL(`${baseUrl}/`);
	});

	describe('with JavaScript off', () => {
		it('subscribes through a plain form post', async () => {
			const { page } = await openPage(browser, { javaScriptEnabled: false });
			await page.goto(`${baseUrl}/`);
			await page.getByLabel('Your work e-mail').fill('nojs@example.com');
			await page.getByRole('button', { name: 'Subscribe' }).click();
			await page.waitForURL(`${baseUrl}/newsletter/thanks/`);
			expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
				'You have been subscribed !',
			);
			expect(
				await sql`select 1 from newsletter_subscribers where email = 'nojs@example.com'`,
			).toHaveLength(1);
		});

		it('submits a tool, and explains a refusal on a readable page', async () => {
			const { page } = await openPage(browser, { javaScriptEnabled: false });
			await page.goto(`${baseUrl}/newapp/`);
			await page.getByLabel('Application Name').fill('No Script Tool');
			await page.getByLabel('Application URL').fill('noscript-tool.example.com');
			await page.getByRole('button', { name: 'Submit' }).click();
			await page.waitForURL(`${baseUrl}/newapp/thanks/`);
			expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
				'Thanks for submitting!',
			);
			await page.goto(`${baseUrl}/newapp/`);
			await page.getByLabel('Application Name').fill('Bad');
			await page.getByLabel('Application URL').fill('ftp://files.example.com');
			const [response] = await Promise.all([
				page.waitForResponse(/functions\/submit/),
				page.getByRole('button', { name: 'Submit' }).click(),
			]);
			expect(response.status()).toBe(422);
			expect(await page.getByText(/Only http:\/\/ and https:\/\//).isVisible()).toBe(true);
		});
	});

	it.each([
		['/newapp/', 1280],
		['/newapp/', 375],
		['/', 375],
		['/newapp/thanks/', 1280],
		['/newsletter/thanks/', 1280],
	])('has no axe violations on %s at %i px', async (route, width) => {
		const { page } = await openPage(browser, { width, height: 800 });
		await ready(page, route);
		expect(await axeViolations(page)).toEqual([]);
	});
});
