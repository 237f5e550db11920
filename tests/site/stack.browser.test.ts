// The stack page in Debian's Chromium: choosing tools by keyboard, the address and Back, a shared
// address, the categories of candidates, removing a tool, the page without JavaScript, and axe
// at phone and desktop widths.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { focused } from '../helpers/keyboard.ts';
import { axeViolations, openPage } from '../helpers/page.ts';
import { FIXTURE_TOOLS } from './fixtures.ts';

const baseUrl = inject('baseUrl');
const { hub, detailed, retired, withProcore } = FIXTURE_TOOLS.integrations;
let browser: Browser;
let idOf: Map<string, number>;

const box = (page: Page) => page.getByRole('combobox', { name: 'Add a tool you use' });
const chosenNames = (page: Page) =>
	page
		.getByRole('list', { name: /^Your tools/ })
		.getByRole('listitem')
		.evaluateAll((items) => items.map((li) => li.querySelector('a')!.textContent));
const toolsParam = (page: Page) => new URL(page.url()).searchParams.get('tools');
const ids = (...names: string[]) => names.map((name) => idOf.get(name)).join(',');
const matches = (page: Page) =>
	page.getByRole('listbox', { name: 'Matching tools', includeHidden: true }).getByRole('option');

/** Opens the stack page (an address, say `?tools=1,2`) once its graph has loaded. */
async function stack(page: Page, query = '') {
	await page.goto(`${baseUrl}/stack/${query}`);
	await box(page).waitFor();
}

describe.runIf(browserAvailable())('the stack page in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		const rows = await sql`select id, name from construction_apps`;
		idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
		await sql.end();
	});
	afterAll(() => browser?.close());

	it('chooses tools by keyboard, shows how they connect, keeps them in the address, and Back undoes each', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await stack(page);
		// Tab reaches the picker; the arrow keys move through the matches.
		await page.keyboard.press('Tab');
		for (let i = 0; i < 20 && (await focused(page)).tag !== 'input'; i++)
			await page.keyboard.press('Tab');
		expect(await box(page).evaluate((input) => input === document.activeElement)).toBe(true);
		await page.keyboard.type('zeta desc');
		const options = matches(page);
		await expect.poll(() => options.count()).toBe(1);
		expect(await options.first().getAttribute('aria-selected')).toBe('true');
		expect(await box(page).getAttribute('aria-activedescendant')).toBe(
			await options.first().getAttribute('id'),
		);
		await page.keyboard.press('Enter');
		await expect.poll(() => chosenNames(page)).toEqual([hub]);
		await expect.poll(() => toolsParam(page)).toBe(ids(hub));
		expect(await box(page).inputValue()).toBe('');
		await expect
			.poll(() => page.getByRole('status').first().textContent())
			.toBe(`${hub} added. Add another tool to see how they connect.`);

		await page.keyboard.type('test');
		await expect.poll(() => options.count()).toBeGreaterThan(1);
		const names = await options.evaluateAll((all) =>
			all.map((option) => option.firstChild!.textContent!.trim()),
		);
		const paren = names.indexOf(detailed.partner);
		expect(paren).toBeGreaterThan(-1);
		for (let i = 0; i < paren; i++) await page.keyboard.press('ArrowDown');
		expect(await options.nth(paren).getAttribute('aria-selected')).toBe('true');
		await page.keyboard.press('Enter');
		await expect.poll(() => chosenNames(page)).toEqual([hub, detailed.partner]);
		await expect.poll(() => toolsParam(page)).toBe(ids(hub, detailed.partner));

		const connections = page.getByRole('heading', { name: 'How they connect (1)' });
		await connections.waitFor();
		const item = page.locator('.works-with__item').first();
		const text = (await item.textContent())!;
		expect(text).toContain(`From ${hub} to ${detailed.partner}`);
		expect(text).toContain('timesheets and employees');
		expect(text).toContain('Agave (middleware)');
		expect(text).toContain('Beta');
		expect(text).toContain('checked 1 Oct 2026');
		await expect
			.poll(() => item.getByRole('link', { name: /^source/ }).getAttribute('href'))
			.toBe('https://fixture.example.com/integrations');

		// Back undoes one choice at a time; Forward brings it back.
		await page.goBack();
		await expect.poll(() => chosenNames(page)).toEqual([hub]);
		await page.goBack();
		await expect.poll(() => chosenNames(page)).toEqual([]);
		await expect.poll(() => toolsParam(page)).toBeNull();
		await page.goForward();
		await expect.poll(() => chosenNames(page)).toEqual([hub]);
		expectNoErrors();
	});

	it('opens a shared address: connections, the pairs without one (a retired one said so), and candidates by category', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await stack(page, `?tools=${ids(...retired, withProcore)}`);
		await expect.poll(() => chosenNames(page)).toEqual([...retired, withProcore]);
		const gaps = page.getByRole('heading', { name: /^No documented connection/ });
		await gaps.waitFor();
		const gapText = await page.locator('.stack__gaps').textContent();
		expect(gapText).toContain(`${retired[0]} and ${retired[1]}: their connection was retired`);
		// Each connects with the hub, which is a candidate in its category.
		const fit = page.locator('.stack__fit li', { hasText: hub }).first();
		await expect.poll(() => fit.textContent()).toContain(`${hub} connects with 3 of your tools`);
		// One category: the address says it, and Back returns to every category.
		await page
			.getByRole('combobox', { name: 'Category' })
			.selectOption({ label: 'Workforce & Payroll' });
		await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('workforce');
		await expect
			.poll(() => page.locator('.stack').getByRole('heading', { level: 3 }).allTextContents())
			.toEqual([expect.stringMatching(/^Workforce & Payroll \(\d+\)$/)]);
		await page.goBack();
		await expect
			.poll(() => page.locator('.stack').getByRole('heading', { level: 3 }).count())
			.toBeGreaterThan(1);
		// Removing a tool leaves focus in the picker, ready for the next one.
		await page.getByRole('button', { name: `Remove ${withProcore}` }).click();
		await expect.poll(() => chosenNames(page)).toEqual(retired);
		expect(await box(page).evaluate((input) => input === document.activeElement)).toBe(true);
		// An address naming a tool that is not listed says so.
		await stack(page, `?tools=${ids(hub)},99999999`);
		await expect.poll(() => chosenNames(page)).toEqual([hub]);
		expect(await page.getByRole('status').first().textContent()).toBe(
			'1 tool in the address is not listed any more.',
		);
		expectNoErrors();
	});

	it('takes a category before any tool, and shows it once a tool is chosen', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await stack(page);
		await page
			.getByRole('combobox', { name: 'Category' })
			.selectOption({ label: 'Workforce & Payroll' });
		await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('workforce');
		await box(page).fill(hub);
		await page.keyboard.press('Enter');
		await expect.poll(() => chosenNames(page)).toEqual([hub]);
		await expect
			.poll(() => page.locator('.stack').getByRole('heading', { level: 3 }).allTextContents())
			.toEqual([expect.stringMatching(/^Workforce & Payroll \(\d+\)$/)]);
		expectNoErrors();
	});

	it('stops at eight tools', async () => {
		const { page } = await openPage(browser);
		const eight = ['Procore', 'Sage 300 CRE', 'HCSS HeavyBid', 'Revit', 'AutoCAD', 'Navisworks'];
		await stack(page, `?tools=${ids(...eight, 'Primavera P6', 'Microsoft Project')}`);
		await expect.poll(() => chosenNames(page).then((names) => names.length)).toBe(8);
		await box(page).fill('a');
		expect(await matches(page).count()).toBe(0);
		expect(await page.locator('.picker__hint').first().textContent()).toMatch(
			/^8 tools is the most/,
		);
	});

	it('without JavaScript, says so and leads to the integration pages', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/stack/?tools=${ids(hub)}`);
		// (Playwright's text queries skip <noscript>, even when the browser shows it.)
		const note = page.locator('.stack__noscript');
		expect(await note.isVisible()).toBe(true);
		expect(await note.locator('strong').textContent()).toBe('Planning a stack needs JavaScript.');
		await page.getByRole('link', { name: 'Procore', exact: true }).click();
		await page.waitForURL(`${baseUrl}/integrations/${idOf.get('Procore')}/`);
	});

	for (const [width, height] of [
		[375, 812],
		[1280, 900],
	])
		it(`has no axe violations at ${width} px, the picker open and tools chosen`, async () => {
			const { page, expectNoErrors } = await openPage(browser, { width, height });
			await stack(page, `?tools=${ids(hub, detailed.partner, 'Procore')}`);
			await page.getByRole('heading', { name: /^How they connect/ }).waitFor();
			await page.waitForLoadState('networkidle');
			await box(page).focus();
			await page.keyboard.type('pro');
			await page.getByRole('listbox', { name: 'Matching tools' }).waitFor();
			expect(await axeViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				width,
			);
			await page.keyboard.press('Escape');
			for (const route of [`/integrations/${idOf.get('Procore')}/`, `/app/${idOf.get(hub)}/`]) {
				await page.goto(`${baseUrl}${route}`);
				expect({ route, violations: await axeViolations(page) }).toEqual({ route, violations: [] });
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
					width,
				);
			}
			expectNoErrors();
		});
});
