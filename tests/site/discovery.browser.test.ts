// Category filtering, addresses, related tools, keyboard-only use and axe, in Debian's Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATEGORIES } from '../../src/lib/categories.ts';
import { RESULTS_PAGE_SIZE } from '../../src/features/search/results-window.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';
import { focused, tabOrder, tabTo } from '../helpers/keyboard.ts';
import { axeViolations, openPage, SEARCH_READY, visibleCardNames } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
const fixtures = inject('fixtureTools');
let browser: Browser;
let live: ListedTool[];

const label = (slug: string) => CATEGORIES.get(slug as never)!.label;
/** The tools a category chip keeps: its own and those that also do its job. */
const namesIn = (category: string, query = '') =>
	live
		.filter((t) => t.categories.includes(category) && t.name.toLowerCase().includes(query))
		.map((t) => t.name)
		.sort();
const search = (page: Page) => page.getByRole('searchbox', { name: /search tools by name/i });
const chip = (page: Page, name: string) =>
	page.getByRole('group', { name: 'Filter by category' }).getByRole('button', {
		name: new RegExp(`^${name.replace(/[&+()]/g, '\\$&')} \\d+ tools?$`),
	});
const sorted = async (page: Page) => (await visibleCardNames(page)).sort();
/** Every tool again: the status counts them all and the whole grid is back. */
async function expectUnfiltered(page: Page) {
	await expect.poll(() => page.getByRole('status').textContent()).toBe(`${live.length} tools`);
	expect(await visibleCardNames(page)).toHaveLength(live.length);
}

/** The results show the first page of `names` (a category can hold more than a page). */
async function expectFirstPageOf(page: Page, names: string[]) {
	const shown = await visibleCardNames(page);
	expect(shown).toHaveLength(Math.min(names.length, RESULTS_PAGE_SIZE));
	expect(names).toEqual(expect.arrayContaining(shown));
}

async function home(page: Page, query = '') {
	await page.goto(`${baseUrl}/${query}`);
	await page.waitForSelector(SEARCH_READY);
}

describe.runIf(browserAvailable())('discovery in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		({ tools: live } = await listedTools(sql, [
			fixtures.unusable.badScheme,
			fixtures.unusable.badHost,
		]));
		await sql.end();
	});
	afterAll(() => browser?.close());

	it('filters by category together with the name search, with counts per category', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		await chip(page, label('estimating')).click();
		expect(await chip(page, label('estimating')).getAttribute('aria-pressed')).toBe('true');
		expect(namesIn('estimating').length).toBeGreaterThan(RESULTS_PAGE_SIZE);
		await expectFirstPageOf(page, namesIn('estimating'));
		await search(page).fill('pro');
		expect(await sorted(page)).toEqual(namesIn('estimating', 'pro'));
		const proInAll = live.filter((t) => t.name.toLowerCase().includes('pro')).length;
		await expect.poll(() => chip(page, 'All').textContent()).toContain(String(proInAll));
		const pmCount = namesIn('project-management', 'pro').length;
		expect(await chip(page, label('project-management')).textContent()).toMatch(
			new RegExp(`${pmCount} tools?$`),
		);
		await expect
			.poll(() => page.getByRole('status').textContent())
			.toBe(
				`${namesIn('estimating', 'pro').length} of ${live.length} tools match “pro” in ${label('estimating')}`,
			);
		// Pressing the chosen chip again, or All, shows every category again.
		await chip(page, label('estimating')).click();
		expect((await sorted(page)).length).toBe(Math.min(proInAll, RESULTS_PAGE_SIZE));
		expectNoErrors();
	});

	it('keeps category and query in the address across reload, back and a shared link', async () => {
		const { page } = await openPage(browser);
		await home(page);
		await chip(page, label('estimating')).click();
		await search(page).fill('c++');
		await expect.poll(() => new URL(page.url()).search).toBe('?category=estimating&q=c%2B%2B');
		await page.reload();
		await page.waitForSelector(SEARCH_READY);
		await expect.poll(() => search(page).inputValue()).toBe('c++');
		expect(await chip(page, label('estimating')).getAttribute('aria-pressed')).toBe('true');
		expect(await visibleCardNames(page)).toEqual([fixtures.special[0]]);
		await page.getByRole('link', { name: /^Estimator C\+\+ Test/ }).click();
		await page.waitForURL(/\/app\/\d+\/$/);
		await page.goBack();
		await expect.poll(() => visibleCardNames(page)).toEqual([fixtures.special[0]]);
		expect(await chip(page, label('estimating')).getAttribute('aria-pressed')).toBe('true');
		// Choosing the category made a history entry; Back undoes it.
		await page.goBack();
		await expect.poll(() => new URL(page.url()).search).toBe('');
		await expectUnfiltered(page);
		expect(await chip(page, 'All').getAttribute('aria-pressed')).toBe('true');
		await home(page, '?category=scheduling&q=%28beta%29');
		await expect.poll(() => visibleCardNames(page)).toEqual([fixtures.special[1]]);
		await home(page, '?category=astrology');
		await expectUnfiltered(page);
	});

	it('shows related tools on a tool page, and links its category page', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		const procore = live.find((t) => t.name === 'Procore')!;
		await page.goto(`${baseUrl}/app/${procore.id}/`);
		const related = page.getByRole('region', { name: /^More Project Management tools$/ });
		const links = related.getByRole('list').getByRole('link');
		expect(await links.count()).toBe(4);
		const first = (await links.first().locator('.card__name').textContent())!;
		expect(namesIn('project-management')).toContain(first);
		await links.first().click();
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(first);
		await page.getByRole('link', { name: 'Project Management', exact: true }).first().click();
		await page.waitForURL(`${baseUrl}/category/project-management/`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Project Management');
		// A category page lists every tool of its category: no search, no paging (then, in a
		// grid of their own, those that also do its job).
		expect(await sorted(page)).toEqual(
			live
				.filter((t) => t.category === 'project-management')
				.map((t) => t.name)
				.sort(),
		);
		expectNoErrors();
	});

	it('works by keyboard alone: skip link, search, filter, open a tool, follow its category', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		await page.keyboard.press('Tab');
		expect(await focused(page)).toMatchObject({ name: 'Skip to content', ringVisible: true });
		await page.keyboard.press('Enter');
		expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
		await tabTo(page, (f) => f.tag === 'input' && /search tools/i.test(f.name));
		await page.keyboard.type('pro');
		const estimating = await tabTo(page, (f) => f.name.startsWith(label('estimating')));
		expect(estimating).toMatchObject({ pressed: 'false', ringVisible: true });
		await page.keyboard.press('Space');
		expect(await focused(page)).toMatchObject({ pressed: 'true' });
		await expect.poll(() => new URL(page.url()).search).toBe('?category=estimating&q=pro');
		const [firstName] = namesIn('estimating', 'pro');
		const card = await tabTo(page, (f) => f.tag === 'a' && f.name.startsWith(firstName));
		expect(card.ringVisible).toBe(true);
		await page.keyboard.press('Enter');
		await page.waitForURL(/\/app\/\d+\/$/);
		await tabTo(page, (f) => f.name.startsWith('Check it out!'));
		await tabTo(page, (f) => f.name === label('estimating'), { shift: true });
		await page.keyboard.press('Enter');
		await page.waitForURL(`${baseUrl}/category/estimating/`);
		expectNoErrors();
	});

	it.each(['/', '/app/1/', '/category/workforce/', '/app/99999999/'])(
		'lets Tab reach every control on %s with a visible focus ring, and leave the page',
		async (route) => {
			const { page } = await openPage(browser);
			await page.goto(`${baseUrl}${route}`);
			const order = await tabOrder(page);
			expect(order.at(-1)?.name).toMatch(/Contact us on LinkedIn/);
			expect(order.filter((f) => !f.ringVisible)).toEqual([]);
		},
	);

	describe.each([
		['phone', 375, 812],
		['desktop', 1280, 900],
	])('axe at %s size', (_, width, height) => {
		it.each([
			['home', '/'],
			['home, filtered', '/?category=estimating&q=pro'],
			['a tool page', '/app/1/'],
			['a category page', '/category/estimating/'],
			['the 404 page', '/app/99999999/'],
		])('finds no violations on %s', async (_, route) => {
			const { page } = await openPage(browser, { width, height });
			await page.goto(`${baseUrl}${route}`);
			await page.waitForLoadState('networkidle');
			expect(await axeViolations(page)).toEqual([]);
			// Contrast holds while a chip or button is hovered too.
			// (Visible ones: a closed "Filter by facts" panel holds chips too.)
			await page
				.locator('.chip:not([aria-pressed=true]), .card__link, main .button')
				.filter({ visible: true })
				.first()
				.hover();
			expect(await axeViolations(page)).toEqual([]);
		});
	});
});
