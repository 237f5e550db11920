// The home page's "works with" filter: one tool or several (a tool must work with all), with
// search and categories, in the address, Back and reload, clearing, links without JavaScript,
// and axe, in Debian's Chromium.
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
const { hub, withProcore } = FIXTURE_TOOLS.integrations;
let browser: Browser;
let live: ListedTool[];
/** Live tool name → the names of the live tools it works with (retired connections left out). */
let partners: Map<string, string[]>;

const idOf = (name: string) => live.find((t) => t.name === name)!.id;
const toolsOf = (name: string, keep: (t: (typeof live)[number]) => boolean = () => true) =>
	live
		.filter((t) => partners.get(name)?.includes(t.name) && keep(t))
		.map((t) => t.name)
		.sort();
const group = (page: Page) => page.getByRole('group', { name: 'Filter by what tools work with' });
const anyTool = (page: Page) => page.getByRole('combobox', { name: 'Works with any tool' });
/** The names on the pressed chips of the works-with row, sorted. */
const chosen = (page: Page) =>
	group(page)
		.getByRole('button', { pressed: true })
		.evaluateAll((buttons) =>
			buttons.map((b) => b.textContent!.replace(/\s*\d+ partners$/, '')).sort(),
		);
const chip = (page: Page, name: string) =>
	group(page).getByRole('button', {
		name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d`),
	});
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
			join construction_apps h on h.id = i.tool_high_id and h.status = 'live'
			where i.status is distinct from 'retired'`;
		await sql.end();
		partners = new Map();
		for (const { a, b } of pairs) {
			partners.set(a, [...(partners.get(a) ?? []), b]);
			partners.set(b, [...(partners.get(b) ?? []), a]);
		}
	});
	afterAll(() => browser?.close());

	it('narrows to a tool’s partners, with the search and a category, and clears', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		await anyTool(page).fill(hub);
		await expect.poll(() => chosen(page)).toEqual([hub]);
		// The box is left for another tool.
		expect(await anyTool(page).inputValue()).toBe('');
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
		// Pressing the chosen tool lets every tool back in, under the other filters.
		await chip(page, hub).click();
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
		expect(await chosen(page)).toEqual([]);
		expectNoErrors();
	});

	it('offers the most connected tools first, keeps the choice across Back and reload', async () => {
		const { page, expectNoErrors } = await openPage(browser);
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
		expect(await chosen(page)).toEqual([name]);
		await page.reload();
		await page.waitForSelector(SEARCH_READY);
		await expect.poll(() => chosen(page)).toEqual([name]);
		expect(await visibleCardNames(page)).toEqual(shown);
		await expect
			.poll(() => status(page))
			.toBe(`${toolsOf(name).length} of ${live.length} tools work with ${name}`);
		// Choosing made a history entry; Back returns to the whole grid, Forward to the choice.
		await page.goBack();
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		expect(await visibleCardNames(page)).toHaveLength(live.length);
		expect(await chosen(page)).toEqual([]);
		await page.goForward();
		await expect.poll(() => visibleCardNames(page)).toEqual(shown);
		// Pressing the chosen chip again clears it.
		await group(page).getByRole('button', { pressed: true }).click();
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		// A shared address with a key the page does not offer shows everything.
		await home(page, '?works_with=99999999');
		await expect.poll(() => status(page)).toBe(`${live.length} tools`);
		expectNoErrors();
	});

	it('keeps the tools that work with every chosen tool, with a search and a category, in the address and Back', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		const both = toolsOf(hub, (t) => partners.get('Procore')!.includes(t.name));
		expect(both).toContain(withProcore);
		expect(both.length).toBeLessThan(toolsOf(hub).length);
		const [h, p] = [idOf(hub), idOf('Procore')];
		await anyTool(page).fill(hub);
		await expect.poll(() => chosen(page)).toEqual([hub]);
		await anyTool(page).fill('Procore');
		await expect.poll(() => chosen(page)).toEqual([hub, 'Procore'].sort());
		await expect.poll(() => sorted(page)).toEqual(both);
		await expect
			.poll(() => status(page))
			.toBe(`${both.length} of ${live.length} tools work with ${hub} and Procore`);
		await expect.poll(() => new URL(page.url()).search).toBe(`?works_with=${h},${p}`);
		// Choosing a tool twice changes nothing.
		await anyTool(page).fill(hub);
		await expect.poll(() => anyTool(page).inputValue()).toBe('');
		expect(new URL(page.url()).search).toBe(`?works_with=${h},${p}`);
		// With the name search, then a category whose chip counts under both tools and the search.
		await page.getByRole('searchbox', { name: /search tools by name/i }).fill('test');
		const named = both.filter((name) => /test/i.test(name));
		await expect.poll(() => sorted(page)).toEqual(named);
		const category = live.find((t) => t.name === withProcore)!.category;
		const inCategory = named.filter((name) =>
			live.find((t) => t.name === name)!.categories.includes(category),
		);
		const categoryChip = page
			.getByRole('group', { name: 'Filter by category' })
			.getByRole('button', { name: new RegExp(`^${label(category).replace(/[&+()]/g, '\\$&')} `) });
		await expect
			.poll(() => categoryChip.locator('.chip__count').evaluate((n) => n.firstChild!.textContent))
			.toBe(String(inCategory.length));
		await categoryChip.click();
		await expect.poll(() => sorted(page)).toEqual(inCategory);
		await expect
			.poll(() => status(page))
			.toBe(
				`${inCategory.length} of ${live.length} tools match “test” in ${label(category)} and work with ${hub} and Procore`,
			);
		expect(new URL(page.url()).search).toBe(`?category=${category}&q=test&works_with=${h},${p}`);
		// Back undoes the category, then the second tool (the search was typed into its entry).
		await page.goBack();
		await expect.poll(() => new URL(page.url()).search).toBe(`?q=test&works_with=${h},${p}`);
		await expect.poll(() => sorted(page)).toEqual(named);
		await page.goBack();
		await expect.poll(() => chosen(page)).toEqual([hub]);
		await expect.poll(() => sorted(page)).toEqual(toolsOf(hub));
		await page.goForward();
		await page.goForward();
		await expect.poll(() => sorted(page)).toEqual(inCategory);
		await expect.poll(() => chosen(page)).toEqual([hub, 'Procore'].sort());
		// Pressing a chosen tool removes it alone; a tool beyond the five hubs leaves the row, and the
		// focus goes to the box.
		const hubs = await page.$$eval('#works-with-tools option', (options) =>
			options.slice(0, 5).map((o) => (o as HTMLOptionElement).value),
		);
		await chip(page, hub).click();
		await expect.poll(() => chosen(page)).toEqual(['Procore']);
		await expect
			.poll(() => new URL(page.url()).search)
			.toBe(`?category=${category}&q=test&works_with=${p}`);
		await expect
			.poll(() => sorted(page))
			.toEqual(toolsOf('Procore', (t) => t.categories.includes(category) && /test/i.test(t.name)));
		if (!hubs.includes(hub))
			expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
				'Works with any tool',
			);
		expectNoErrors();
	});

	it('links to the integration pages without JavaScript', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
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
	});

	describe.each([
		['phone', 375, 812],
		['desktop', 1280, 900],
	])('axe at %s size', (_, width, height) => {
		it.each([
			['home', false],
			['home, filtered by works with and a search', true],
		])('finds no violations on %s', async (_, filtered) => {
			const { page } = await openPage(browser, { width, height });
			await home(page, filtered ? `?works_with=${idOf(hub)},${idOf('Procore')}&q=test` : '');
			await page.waitForLoadState('networkidle');
			if (filtered) await expect.poll(() => chosen(page)).toEqual([hub, 'Procore'].sort());
			expect(await axeViolations(page)).toEqual([]);
		});
	});
});
