// The home page's "works with" filter: with search and categories, in the address, Back and
// reload, clearing, links without JavaScript, and axe, in Debian's Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESULTS_PAGE_SIZE } from '../../src/features/search/results-window.ts';
import { CATEGORIES } from '../../src/lib/categories.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';
import { axeViolations, openPage, SEARCH_READY, visibleCardNames } from '../helpers/page.ts';
import { FIXTURE_TOOLS } from './fixtures.ts';

const baseUrl = inject('baseUrl');
const { hub } = FIXTURE_TOOLS.integrations;
let browser: Browser;
let live: ListedTool[];
/** Live tool name → the names of the live tools it works with. */
let partners: Map<string, string[]>;

const idOf = (name: string) => live.find((t) => t.name === name)!.id;
const toolsOf = (name: string, keep: (t: (typeof live)[number]) => boolean = () => true) =>
	live
		.filter((t) => partners.get(name)?.includes(t.name) && keep(t))
		.map((t) => t.name)
		.sort();
const group = (page: Page) => page.getByRole('group', { name: 'Filter by what tools work with' });
const anyTool = (page: Page) => page.getByRole('combobox', { name: 'Works with any tool' });
const status = (page: Page) => page.getByRole('status').textContent();
const sorted = async (page: Page) => (await visibleCardNames(page)).sort();
const label = (slug: string) => CATEGORIES.get(slug as never)!.label;

async function home(page: Page, query = '') {
	await page.goto(`${baseUrl}/${query}`);
	await page.waitForSelector(SEARCH_READY);
}

describe.runIf(browserAvailable())('the works-with filter in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		// As the site lists them: the fixtures with unusable addresses are left out of the build.
		const { badScheme, badHost } = inject('fixtureTools').unusable;
		({ tools: live } = await listedTools(sql, [badScheme, badHost]));
		const pairs = await sql<{ a: string; b: string }[]>`
			select l.name as a, h.name as b from tool_integrations i
			join construction_apps l on l.id = i.tool_low_id and l.status = 'live'
			join construction_apps h on h.id = i.tool_high_id and h.status = 'live'`;
		await sql.end();
		partners = new Map();
		for (const { a, b } of pairs) {
			partners.set(a, [...(partners.get(a) ?? []), b]);
			partners.set(b, [...(partners.get(b) ?? []), a]);
		}
	});
	afterAll(() => browser?.close());

	it('narrows to a tool’s partners, with the search and a category, and clears', async () => {
		const { page, expectNoErrors, close } = await openPage(browser);
		await home(page);
		await anyTool(page).fill(hub);
		const hubPartners = toolsOf(hub);
		expect(hubPartners.length).toBeGreaterThan(1);
		await expect.poll(() => sorted(page)).toEqual(hubPartners);
		await expect
			.poll(() => status(page))
			.toBe(`${hubPartners.length} of ${live.length} tools work with ${hub}`);
		await expect.poll(() => new URL(page.url()).search).toBe(`?works_with=${idOf(hub)}`);
		expect(await sorted(page)).not.toContain('Unpublished Secret Tool');
		// With the name search (AND).
		await page.getByRole('searchbox', { name: /search tools by name/i }).fill('test');
		const named = toolsOf(hub, (t) => t.name.toLowerCase().includes('test'));
		await expect.poll(() => sorted(page)).toEqual(named);
		// With a category (AND): the chip counts only the hub's partners.
		const category = live.find((t) => t.name === named[0])!.category;
		await page
			.getByRole('group', { name: 'Filter by category' })
			.getByRole('button', { name: new RegExp(`^${label(category).replace(/[&+()]/g, '\\$&')} `) })
			.click();
		const inCategory = toolsOf(hub, (t) => t.categories.includes(category) && /test/i.test(t.name));
		await expect.poll(() => sorted(page)).toEqual(inCategory);
		await expect
			.poll(() => status(page))
			.toBe(
				`${inCategory.length} of ${live.length} tools match “test” in ${label(category)} and work with ${hub}`,
			);
		// Erasing the box lets every tool back in, under the other filters.
		await anyTool(page).fill('');
		await expect
			.poll(() => sorted(page))
			.toEqual(
				live
					.filter((t) => t.categories.includes(category) && /test/i.test(t.name))
					.map((t) => t.name)
					.sort()
					.slice(0, RESULTS_PAGE_SIZE),
			);
		expect(new URL(page.url()).searchParams.has('works_with')).toBe(false);
		expectNoErrors();
		await close();
	});

	it('offers the most connected tools first, keeps the choice across Back and reload', async () => {
		const { page, expectNoErrors, close } = await openPage(browser);
		await home(page);
		const chips = group(page).getByRole('button');
		const counts = await chips.evaluateAll((buttons) =>
			buttons.map((b) => Number(b.querySelector('.chip__count')?.firstChild?.textContent)),
		);
		expect(counts).toEqual([...counts].sort((a, b) => b - a));
		const most = Math.max(...[...partners.values()].map((list) => list.length));
		expect(counts[0]).toBe(most);
		const first = chips.first();
		const name = (await first.textContent())!.replace(/\s*\d+ partners$/, '');
		await first.click();
		expect(await first.getAttribute('aria-pressed')).toBe('true');
		await expect.poll(() => new URL(page.url()).search).toBe(`?works_with=${idOf(name)}`);
		const shown = await visibleCardNames(page);
		expect(shown).toHaveLength(Math.min(RESULTS_PAGE_SIZE, toolsOf(name).length));
		expect(toolsOf(name)).toEqual(expect.arrayContaining(shown));
		expect(await anyTool(page).inputValue()).toBe(name);
		await page.reload();
		await page.waitForSelector(SEARCH_READY);
		await expect.poll(() => anyTool(page).inputValue()).toBe(name);
		expect(await visibleCardNames(page)).toEqual(shown);
		await expect
			.poll(() => status(page))
			.toBe(`${toolsOf(name).length} of ${live.length} tools work with ${name}`);
		// Choosing made a history entry; Back returns to the whole grid, Forward to the choice.
		await page.goBack();
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		expect(await visibleCardNames(page)).toHaveLength(live.length);
		expect(await anyTool(page).inputValue()).toBe('');
		await page.goForward();
		await expect.poll(() => visibleCardNames(page)).toEqual(shown);
		// Pressing the chosen chip again clears it.
		await group(page).getByRole('button', { pressed: true }).click();
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		// A shared address with a key the page does not offer shows everything.
		await home(page, '?works_with=99999999');
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		expectNoErrors();
		await close();
	});

	it('links to the integration pages without JavaScript', async () => {
		const { page, close } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/`);
		const links = group(page).getByRole('link');
		const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
		expect(hrefs.length).toBeGreaterThan(1);
		expect(hrefs.at(-1)).toBe('/integrations/');
		for (const href of hrefs.slice(0, -1)) expect(href).toMatch(/^\/integrations\/\d+\/$/);
		await links.first().click();
		await page.waitForURL(`${baseUrl}${hrefs[0]}`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
			/^Tools that work with /,
		);
		await close();
	});

	describe.each([
		['phone', 375, 812],
		['desktop', 1280, 900],
	])('axe at %s size', (_, width, height) => {
		it.each([
			['home', false],
			['home, filtered by works with and a search', true],
		])('finds no violations on %s', async (_, filtered) => {
			const { page, close } = await openPage(browser, { width, height });
			await home(page, filtered ? `?works_with=${idOf(hub)}&q=test` : '');
			await page.waitForLoadState('networkidle');
			if (filtered) await expect.poll(() => anyTool(page).inputValue()).toBe(hub);
			expect(await axeViolations(page)).toEqual([]);
			await close();
		});
	});
});
