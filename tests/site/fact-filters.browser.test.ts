// The fact filters and the "Compare" ticks in Debian's Chromium: with the name search, the
// categories and works-with, in the address, Back and reload, their counts, links without
// JavaScript, keyboard use, and axe on a filter page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FACT_FILTERS, FILTER_OPTIONS } from '../../src/features/facts/fact-filters.ts';
import type { ToolFacts } from '../../src/features/facts/facts.ts';
import { RESULTS_PAGE_SIZE } from '../../src/features/search/results-window.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';
import { focused, tabTo } from '../helpers/keyboard.ts';
import { axeViolations, openPage, SEARCH_READY, visibleCardNames } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
const fixtures = inject('fixtureTools');
let browser: Browser;
let tools: ListedTool[];
let facts: Map<number, ToolFacts>;

/** The tools every chosen fact filter keeps, and `also` (a search, a category…), by name. */
function kept(values: Record<string, string>, also: (tool: ListedTool) => boolean = () => true) {
	return tools
		.filter(
			(tool) =>
				also(tool) &&
				FACT_FILTERS.every((group) => {
					const option = group.options.find((o) => o.value === values[group.param]);
					return !option || option.matches(facts.get(Number(tool.id)));
				}),
		)
		.map((tool) => tool.name)
		.sort();
}
const select = (page: Page, group: string) => page.getByRole('combobox', { name: group });
const panel = (page: Page) => page.locator('details#fact-filters');
const status = (page: Page) => page.getByRole('status').first().textContent();
const sorted = async (page: Page) => (await visibleCardNames(page)).sort();
const search = (page: Page) => page.getByRole('searchbox', { name: /search tools by name/i });

async function home(page: Page, query = '') {
	await page.goto(`${baseUrl}/${query}`);
	await page.waitForSelector(SEARCH_READY);
}

/** Opens the panel; the island loads the controls into it. */
async function openFilters(page: Page) {
	await page.getByText('Filter by facts', { exact: true }).click();
	await select(page, 'Platform').waitFor();
}

describe.runIf(browserAvailable())('the fact filters in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		({ tools, facts } = await listedTools(sql, [
			fixtures.unusable.badScheme,
			fixtures.unusable.badHost,
		]));
		await sql.end();
	});
	afterAll(() => browser?.close());

	it('narrows to Android apps with a free version for specialty contractors, with counts', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		// Nothing but the links until the panel is first opened.
		expect(await panel(page).getAttribute('data-live')).toBeNull();
		await openFilters(page);
		await select(page, 'Platform').selectOption('android');
		const android = kept({ platform: 'android' });
		expect(android.length).toBeGreaterThan(2);
		await expect.poll(() => new URL(page.url()).search).toBe('?platform=android');
		await expect
			.poll(() => status(page))
			.toBe(`${android.length} of ${tools.length} tools, filtered by Android`);
		const shown = await visibleCardNames(page);
		expect(shown).toHaveLength(Math.min(android.length, RESULTS_PAGE_SIZE));
		expect(android).toEqual(expect.arrayContaining(shown));
		// Each option counts what choosing it would show under the other filters (counted just
		// after the results are drawn).
		const option = (group: string, label: string) =>
			select(page, group).locator('option', { hasText: new RegExp(`^${label} \\(\\d+\\)$`) });
		await expect
			.poll(() => option('Free version or trial', 'Free version').textContent())
			.toBe(`Free version (${kept({ platform: 'android', free: 'version' }).length})`);
		await expect
			.poll(() => option('Platform', 'Windows desktop').textContent())
			.toBe(`Windows desktop (${kept({ platform: 'windows' }).length})`);
		await select(page, 'Free version or trial').selectOption('version');
		await select(page, 'Built for').selectOption('specialty-contractors');
		const chosen = { platform: 'android', free: 'version', for: 'specialty-contractors' };
		const done = kept(chosen);
		expect(done).toEqual(expect.arrayContaining([fixtures.special[0], fixtures.special[2]]));
		expect(done).not.toContain(fixtures.unpublished);
		await expect.poll(() => sorted(page)).toEqual(done.slice(0, RESULTS_PAGE_SIZE));
		await expect
			.poll(() => new URL(page.url()).search)
			.toBe('?platform=android&free=version&for=specialty-contractors');
		await expect
			.poll(() => status(page))
			.toBe(
				`${done.length} of ${tools.length} tools, filtered by Android, Free version, Specialty (trade) contractors`,
			);
		// Back undoes one choice at a time, Forward redoes it.
		await page.goBack();
		await expect.poll(() => select(page, 'Built for').inputValue()).toBe('');
		await expect.poll(() => sorted(page)).toEqual(kept({ platform: 'android', free: 'version' }));
		await page.goForward();
		await expect.poll(() => select(page, 'Built for').inputValue()).toBe('specialty-contractors');
		// "Clear these 3 filters" lets every tool back in.
		await page.getByRole('button', { name: 'Clear these 3 filters' }).click();
		await expect.poll(() => status(page)).toBe(`${tools.length} tools`);
		expect(
			await page.evaluate(() => document.activeElement?.closest('label')?.firstChild?.textContent),
		).toBe('Platform');
		expect(await visibleCardNames(page)).toHaveLength(tools.length);
		expectNoErrors();
	});

	it('combines with the name search, a category (and what also does it) and works-with', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		const { hub } = fixtures.integrations;
		await home(page);
		await openFilters(page);
		await select(page, 'Platform').selectOption('android');
		await search(page).fill('test');
		const named = (tool: ListedTool) => tool.name.toLowerCase().includes('test');
		await expect.poll(() => sorted(page)).toEqual(kept({ platform: 'android' }, named));
		// The counts follow the search too.
		await expect
			.poll(() => select(page, 'Platform').locator('option[value="android"]').textContent())
			.toBe(`Android (${kept({ platform: 'android' }, named).length})`);
		// Dot.Star*Test is a workforce tool that also does field management.
		await page
			.getByRole('group', { name: 'Filter by category' })
			.getByRole('button', { name: /^Field Management \d+ tools?$/ })
			.click();
		const inField = (tool: ListedTool) =>
			named(tool) && tool.categories.includes('field-management');
		await expect.poll(() => sorted(page)).toEqual(kept({ platform: 'android' }, inField));
		expect(await sorted(page)).toContain(fixtures.special[2]);
		await page.getByRole('combobox', { name: 'Works with any tool' }).fill(hub);
		await expect
			.poll(() => new URL(page.url()).searchParams.toString())
			.toMatch(/^category=field-management&q=test&works_with=\d+&platform=android$/);
		await expect.poll(() => sorted(page)).toEqual([fixtures.special[2]]);
		await expect
			.poll(() => status(page))
			.toBe(
				`1 of ${tools.length} tools match “test” in Field Management and work with ${hub}, filtered by Android`,
			);
		// Nothing left: the box says why and undoes the fact filters. (An option that would
		// leave nothing is disabled, so it takes a search.)
		await expect
			.poll(() => select(page, 'Platform').locator('option[value="windows"]').isDisabled())
			.toBe(true);
		await search(page).fill('testzzz');
		await expect
			.poll(() => page.locator('.search__empty p').textContent())
			.toContain('among those documented as Android');
		await page.getByRole('button', { name: 'Clear fact filters' }).click();
		await expect
			.poll(() => status(page))
			.toBe(`0 of ${tools.length} tools match “testzzz” in Field Management and work with ${hub}`);
		expect(await select(page, 'Platform').inputValue()).toBe('');
		expectNoErrors();
	});

	it('opens a shared address with its filters on, the panel open, and keeps them on reload', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page, '?for=specialty-contractors&platform=android&q=test&free=nonsense');
		const expected = kept({ platform: 'android', for: 'specialty-contractors' }, (tool) =>
			tool.name.toLowerCase().includes('test'),
		);
		await expect.poll(() => sorted(page)).toEqual(expected);
		expect(await panel(page).getAttribute('open')).not.toBeNull();
		expect(await select(page, 'Platform').inputValue()).toBe('android');
		expect(await select(page, 'Free version or trial').inputValue()).toBe('');
		await page.reload();
		await page.waitForSelector(SEARCH_READY);
		await expect.poll(() => sorted(page)).toEqual(expected);
		expectNoErrors();
	});

	it('links each value to its page without JavaScript', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/`);
		await page.getByText('Filter by facts', { exact: true }).click();
		const links = panel(page).getByRole('link');
		const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
		expect(hrefs).toContain('/platform/android/');
		for (const href of hrefs)
			expect(FILTER_OPTIONS.map(({ option }) => option.path)).toContain(href);
		await panel(page)
			.getByRole('link', { name: /^Android \d+ tools$/ })
			.click();
		await page.waitForURL(`${baseUrl}/platform/android/`);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Construction software for Android',
		);
		expect(await visibleCardNames(page)).toEqual(
			tools.filter((t) => kept({ platform: 'android' }).includes(t.name)).map((t) => t.name),
		);
	});

	describe.each([
		['phone', 375, 812],
		['desktop', 1280, 900],
	])('axe at %s size', (_, width, height) => {
		it.each([
			['a filter page', '/platform/android/', null],
			['a category page, its filters open', '/category/field-management/', 'summary'],
			['the home page, filtered by facts', '/?platform=android&free=version', null],
		])('finds no violations on %s', async (_, route, open) => {
			const { page } = await openPage(browser, { width, height });
			await page.goto(`${baseUrl}${route}`);
			await page.waitForLoadState('networkidle');
			if (open) await page.locator(open).first().click();
			if (route.startsWith('/?')) await select(page, 'Platform').waitFor();
			expect(await axeViolations(page)).toEqual([]);
		});
	});
});

describe.runIf(browserAvailable())('"Compare" ticks in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(() => browser?.close());

	const tick = (page: Page, name: string, list = '#tool-grid') =>
		page.locator(list).getByRole('checkbox', { name: `Compare ${name}`, exact: true });
	const tray = (page: Page) => page.getByRole('form', { name: 'Compare tools' });

	it('ticks cards and their search copies as one, counts them, refuses a fifth and opens /compare/', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		await expect.poll(() => tray(page).isVisible()).toBe(false);
		await tick(page, 'Procore').check();
		await expect.poll(() => tray(page).isVisible()).toBe(true);
		await tick(page, 'Fieldwire').check();
		await expect.poll(() => tray(page).getByRole('status').textContent()).toBe('2 tools ticked.');
		// A search shows copies of the cards: the ticked one is ticked there too.
		await search(page).fill('procore');
		await expect.poll(() => tick(page, 'Procore', '#tool-results').isChecked()).toBe(true);
		await search(page).fill('estimator');
		await tick(page, fixtures.special[0], '#tool-results').check();
		await search(page).fill('');
		await expect.poll(() => tick(page, fixtures.special[0]).isChecked()).toBe(true);
		// Unticked in the results, unticked in the grid.
		await search(page).fill('procore');
		await tick(page, 'Procore', '#tool-results').uncheck();
		await search(page).fill('');
		await expect.poll(() => tick(page, 'Procore').isChecked()).toBe(false);
		for (const name of ['Procore', 'PlanGrid']) await tick(page, name).check();
		await expect
			.poll(() => tray(page).getByRole('status').textContent())
			.toBe('4 tools ticked (the most at once).');
		await tick(page, 'Revit').click();
		expect(await tick(page, 'Revit').isChecked()).toBe(false);
		await expect
			.poll(() => tray(page).getByRole('status').textContent())
			.toBe('You can compare up to 4 tools: untick one first.');
		const ids = await Promise.all(
			['Fieldwire', fixtures.special[0], 'Procore', 'PlanGrid'].map((name) =>
				tick(page, name).getAttribute('value'),
			),
		);
		await tray(page).getByRole('button', { name: 'Compare', exact: true }).click();
		await page.waitForURL(/\/compare\//);
		expect(decodeURIComponent(new URL(page.url()).search)).toBe(`?tools=${ids.join(',')}`);
		expectNoErrors();
	});

	it('works by keyboard: Space ticks, the tray clears the ticks', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await home(page);
		await tick(page, 'Procore').locator('xpath=../..').getByRole('link').focus();
		const box = await tabTo(page, (f) => f.tag === 'input' && f.name === 'Compare Procore');
		expect(box.ringVisible).toBe(true);
		await page.keyboard.press('Space');
		expect(await tick(page, 'Procore').isChecked()).toBe(true);
		await expect
			.poll(() => tray(page).getByRole('status').textContent())
			.toBe('1 tool ticked: tick at least one more to compare.');
		// The tray comes after the grid in tab order; reach it directly.
		await tray(page).getByRole('button', { name: 'Clear ticks' }).focus();
		await page.keyboard.press('Enter');
		expect(await tick(page, 'Procore').isChecked()).toBe(false);
		// The tray stays while it has the focus, saying how to start again.
		expect(await focused(page)).toMatchObject({ name: 'Clear ticks' });
		expect(await tray(page).getByRole('status').textContent()).toBe(
			'Tick 2 to 4 tools to compare them side by side.',
		);
		expectNoErrors();
	});

	it('is a plain form without JavaScript: /compare/?tools=3&tools=9', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		// The home page shows the bar by CSS too when scripting is off.
		await page.goto(`${baseUrl}/`);
		await tick(page, 'Procore').check();
		await expect.poll(() => tray(page).isVisible()).toBe(true);
		await page.goto(`${baseUrl}/platform/android/`);
		const boxes = page.locator('#tool-grid').getByRole('checkbox');
		await boxes.nth(0).check();
		await expect.poll(() => tray(page).isVisible()).toBe(true);
		await boxes.nth(1).check();
		const ids = [
			await boxes.nth(0).getAttribute('value'),
			await boxes.nth(1).getAttribute('value'),
		];
		await tray(page).getByRole('button', { name: 'Compare', exact: true }).click();
		await page.waitForURL(/\/compare\//);
		expect(new URL(page.url()).search).toBe(`?tools=${ids[0]}&tools=${ids[1]}`);
	});
});
