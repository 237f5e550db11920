// Browsing and searching the catalogue in Debian's Chromium, on the site netlify serve runs.
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import {
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
	HOME_GRID_ID,
	RESULTS_ID,
} from '../../src/features/search/grid-markup.ts';
import { RESULTS_PAGE_SIZE } from '../../src/features/search/results-window.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage, SEARCH_READY, visibleCardNames } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
const fixtures = inject('fixtureTools');
let browser: Browser;
let liveNames: string[];

describe.runIf(browserAvailable())('catalogue in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		const rows = await sql`select name from construction_apps where status = 'live'
			order by name_sort, name, id`;
		await sql.end();
		const unusable = new Set<string>([fixtures.unusable.badScheme, fixtures.unusable.badHost, '']);
		liveNames = rows.map((row) => row.name as string).filter((name) => !unusable.has(name));
		expect(liveNames.length).toBeGreaterThan(RESULTS_PAGE_SIZE * 2);
	});
	afterAll(() => browser?.close());

	async function home(query = '') {
		const session = await openPage(browser);
		await session.page.goto(`${baseUrl}/${query}`);
		await session.page.waitForSelector(SEARCH_READY);
		return session;
	}
	const search = (page: import('playwright-core').Page) =>
		page.getByRole('searchbox', { name: /search tools by name/i });

	it('narrows the grid as the visitor types and restores it when cleared', async () => {
		const { page, expectNoErrors } = await home();
		expect(await visibleCardNames(page)).toEqual(liveNames);
		// A word a few names contain, fewer than one page of results shows (the catalogue grows:
		// "pro" outgrew the page with the research of record 0031).
		await search(page).pressSequentially('plan');
		const expected = liveNames.filter((name) => name.toLowerCase().includes('plan'));
		expect(expected.length).toBeGreaterThan(2);
		expect(expected.length).toBeLessThanOrEqual(RESULTS_PAGE_SIZE);
		expect((await visibleCardNames(page)).sort()).toEqual(expected.sort());
		await expect
			.poll(() => page.getByRole('status').textContent())
			.toBe(`${expected.length} of ${liveNames.length} tools match “plan”`);
		const scrolled = await page.evaluate(() => window.scrollY);
		await search(page).fill('');
		expect(await visibleCardNames(page)).toEqual(liveNames);
		await expect
			.poll(() => page.getByRole('status').textContent())
			.toBe(`${liveNames.length} tools`);
		// The visitor is still where they were: in the search box, which has not moved.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe('tool-search');
		expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
		expectNoErrors();
	});

	it('is case-insensitive and matches the name only, never the description', async () => {
		const { page } = await home();
		await search(page).fill('PROCORE');
		expect(await visibleCardNames(page)).toContain('Procore');
		await search(page).fill(fixtures.descriptionOnly.word);
		expect(await visibleCardNames(page)).toEqual([]);
		await expect.poll(() => page.getByText(/No tool name contains/).isVisible()).toBe(true);
		await page.getByRole('button', { name: 'Clear search' }).click();
		expect(await visibleCardNames(page)).toEqual(liveNames);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe('tool-search');
	});

	it.each(['c++', '(', '.', '*', '.*'])('treats %s as plain text', async (query) => {
		const { page } = await home();
		await search(page).fill(query);
		const expected = liveNames.filter((name) => name.toLowerCase().includes(query));
		expect((await visibleCardNames(page)).sort()).toEqual(expected.sort());
	});

	it('keeps the query in the address across reload and back', async () => {
		const { page } = await home();
		await search(page).fill('c++');
		await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('c++');
		await page.reload();
		await page.waitForSelector(SEARCH_READY);
		await expect.poll(() => search(page).inputValue()).toBe('c++');
		expect(await visibleCardNames(page)).toEqual([fixtures.special[0]]);
		await page
			.getByRole('link', { name: new RegExp(fixtures.special[0].replace(/[+()*.]/g, '\\$&')) })
			.click();
		await page.waitForURL(/\/app\/\d+\/$/);
		await page.goBack();
		await expect.poll(() => search(page).inputValue()).toBe('c++');
		await expect.poll(() => visibleCardNames(page)).toEqual([fixtures.special[0]]);
	});

	it('shows every match of a search as the visitor scrolls or asks for more, each once', async () => {
		const { page, expectNoErrors } = await home();
		await search(page).fill('a');
		const matches = liveNames.filter((name) => name.toLowerCase().includes('a'));
		expect(matches.length).toBeGreaterThan(RESULTS_PAGE_SIZE * 2);
		const more = page.getByRole('button', { name: `Show ${RESULTS_PAGE_SIZE} more` });
		expect(await visibleCardNames(page)).toEqual(matches.slice(0, RESULTS_PAGE_SIZE));
		// By keyboard: the button adds a page and takes the focus to the first card not reached yet.
		await more.focus();
		await page.keyboard.press('Enter');
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
			.toContain(matches[RESULTS_PAGE_SIZE]);
		// Focusing the button may already have brought a page on its own: never fewer, in order.
		const shown = await visibleCardNames(page);
		expect(shown.length).toBeGreaterThanOrEqual(RESULTS_PAGE_SIZE * 2);
		expect(shown).toEqual(matches.slice(0, shown.length));
		// By scrolling: the next pages come on their own near the end of the list.
		await expect
			.poll(
				async () => {
					await page.mouse.wheel(0, 20_000);
					return (await visibleCardNames(page)).length;
				},
				{ timeout: 30_000 },
			)
			.toBe(matches.length);
		expect(await visibleCardNames(page)).toEqual(matches);
		expect(await page.getByRole('button', { name: /^Show \d+ more$/ }).count()).toBe(0);
		// Clearing the search brings back the whole grid, with no "Show more" under it.
		await search(page).fill('');
		expect(await visibleCardNames(page)).toEqual(liveNames);
		expect(await page.getByText(/^Showing \d+ of/).count()).toBe(0);
		expectNoErrors();
	});

	it('shows each match exactly as its card in the grid, logo included, search after search', async () => {
		const { page, expectNoErrors } = await home();
		// Result cards are copies kept from one search to the next: each must be a faithful
		// copy of its own card (address, name, badge, description, category, logo), never a mix.
		const cardOf = (list: string) =>
			page.evaluate(
				({ list, card }) =>
					[...document.querySelectorAll(`#${list} ${card}`)].map((li) => ({
						href: li.querySelector('a')?.getAttribute('href'),
						category: li.getAttribute('data-category'),
						text: li.querySelector('.card__body')?.textContent,
						// A deferred logo's image is still the text of its <noscript> in the grid.
						logo:
							li.querySelector('.logo img')?.getAttribute('src') ??
							/src="([^"]+)"/.exec(li.querySelector('.logo noscript')?.textContent ?? '')?.[1] ??
							null,
					})),
				{ list, card: CARD_SELECTOR },
			);
		const grid = new Map((await cardOf(HOME_GRID_ID)).map((card) => [card.href, card]));
		for (const query of ['a', 'ar', 'r', 'e', 'es', 'x', '']) {
			await search(page).fill(query);
			if (!query) break;
			const expected = liveNames.filter((name) => name.toLowerCase().includes(query));
			await expect.poll(() => visibleCardNames(page)).toEqual(expected.slice(0, RESULTS_PAGE_SIZE));
			const shown = await cardOf(RESULTS_ID);
			for (const card of shown) {
				expect(card).toEqual(grid.get(card.href));
				// The site's own file, or none (the monogram).
				if (card.logo !== null) expect(card.logo).toMatch(/^\/logos\/[0-9a-f]{12}-50\.webp$/);
			}
		}
		expect(await visibleCardNames(page)).toEqual(liveNames);
		expectNoErrors();
	});

	it('shows every tool before any search, so find-in-page reaches the last one', async () => {
		const { page, expectNoErrors } = await home();
		const last = liveNames.at(-1)!;
		const lastCard = page.locator(`#${HOME_GRID_ID} ${CARD_SELECTOR}`).last();
		expect(await lastCard.locator(CARD_NAME_SELECTOR).textContent()).toBe(last);
		expect(await lastCard.evaluate((card) => card.checkVisibility())).toBe(true);
		// The browser's find (window.find drives the same search as Ctrl+F) selects it and scrolls to it.
		const found = await page.evaluate((name) => {
			const hit = (window as unknown as { find(text: string): boolean }).find(name);
			return hit && getSelection()?.anchorNode?.parentElement?.closest('li')?.textContent;
		}, last);
		expect(found).toContain(last);
		await expect.poll(() => lastCard.isVisible()).toBe(true);
		await expect
			.poll(() =>
				lastCard.evaluate((card) => {
					const box = card.getBoundingClientRect();
					return box.height > 0 && box.top < innerHeight && box.bottom > 0;
				}),
			)
			.toBe(true);
		expectNoErrors();
	});

	it.each([
		['phone', 375, 812],
		['desktop', 1280, 900],
	])(
		'without JavaScript, on a %s, shows every tool and links the chips and the search',
		async (_, width, height) => {
			const { page, expectNoErrors } = await openPage(browser, {
				width,
				height,
				javaScriptEnabled: false,
			});
			await page.goto(`${baseUrl}/`);
			expect(await visibleCardNames(page)).toEqual(liveNames);
			const lastCard = page.locator(`#${HOME_GRID_ID} ${CARD_SELECTOR}`).last();
			await lastCard.scrollIntoViewIfNeeded();
			expect(await lastCard.isVisible()).toBe(true);
			expect(await page.getByText(/filtering need JavaScript/).isVisible()).toBe(true);
			// The search submits to /?q=, which shows the whole grid and the same note.
			await page.getByRole('searchbox', { name: /search tools by name/i }).fill('pro');
			await page.keyboard.press('Enter');
			await page.waitForURL(`${baseUrl}/?q=pro`);
			expect(await visibleCardNames(page)).toEqual(liveNames);
			// A chip is a link to its category's page.
			await page.getByRole('link', { name: /^Estimating & Takeoff \d+ tools?$/ }).click();
			await page.waitForURL(`${baseUrl}/category/estimating/`);
			expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
				'Estimating & Takeoff',
			);
			expectNoErrors();
		},
	);

	it('opens a shared search address already filtered', async () => {
		const { page } = await home('?q=%28beta%29');
		await expect.poll(() => visibleCardNames(page)).toEqual([fixtures.special[1]]);
	});

	it('opens a tool page from its card, at the top, with a Check it out! link to a new tab', async () => {
		const { page, expectNoErrors } = await home('?q=procore');
		await page.getByRole('link', { name: /^Procore\b/ }).click();
		await page.waitForURL(/\/app\/\d+\/$/);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Procore');
		expect(await page.evaluate(() => window.scrollY)).toBe(0);
		const link = page.getByRole('link', { name: /Check it out!/ });
		expect(await link.getAttribute('target')).toBe('_blank');
		expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
		await page
			.context()
			.route('https://www.procore.com/**', (route) => route.fulfill({ body: 'procore' }));
		const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
		// The outbound link names this site (OUTBOUND_REF unset: the site name as a slug).
		expect(popup.url()).toBe('https://www.procore.com/?ref=contech-directory');
		expectNoErrors();
	});

	it('shows the site’s own logo where the build found one, revealed near the viewport, and the monogram elsewhere', async () => {
		const { page, expectNoErrors } = await home();
		const cards = page.locator(`#${HOME_GRID_ID} ${CARD_SELECTOR}`);
		/** Share of the box's pixels within 6 of `rgb` (a screenshot, as the visitor sees it). */
		const share = async (box: Locator, rgb: [number, number, number]) => {
			const { data, info } = await sharp(await box.screenshot())
				.removeAlpha()
				.raw()
				.toBuffer({ resolveWithObject: true });
			let same = 0;
			for (let i = 0; i < data.length; i += 3) {
				if (rgb.every((value, c) => Math.abs(data[i + c] - value) < 6)) same++;
			}
			return same / (info.width * info.height);
		};
		const loaded = (img: Locator) =>
			img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth);

		// The first card's logo (the stand-in service's red square) loads at once, over its monogram.
		const first = cards.first().locator('.logo');
		await expect.poll(() => loaded(first.locator('img'))).toBe(50);
		expect(await share(first, [0xe0, 0x30, 0x30])).toBeGreaterThan(0.5);

		// A tool the service had no logo for: the monogram on its tile, and no image at all.
		const plain = cards
			.filter({ hasNot: page.locator('img, noscript') })
			.first()
			.locator('.logo');
		const monogram = await plain.getAttribute('data-monogram');
		expect(monogram).toMatch(/^\S{1,2}$/);
		expect(await plain.evaluate((box) => getComputedStyle(box, '::before').content)).toBe(
			`"${monogram}"`,
		);
		expect(await share(plain, [0xe4, 0xeb, 0xf3])).toBeGreaterThan(0.6);

		// Procore's card is after the first section: its logo waits in <noscript> until scrolled near.
		const procore = cards
			.filter({ has: page.locator(CARD_NAME_SELECTOR, { hasText: /^Procore$/ }) })
			.locator('.logo');
		expect(await procore.locator('img').count()).toBe(0);
		await procore.scrollIntoViewIfNeeded();
		await expect.poll(() => loaded(procore.locator('img'))).toBe(50);
		expectNoErrors();
	});

	it('draws the logos of a later section already in view when the search starts, with no scroll', async () => {
		// Sections the browser drew before the island hydrated (here a tall window; on a phone, a
		// visitor who scrolled while the script loaded) sent their one "now drawn" event to no one:
		// the island also reveals the sections already drawn when it starts.
		const { page, expectNoErrors } = await openPage(browser, { height: 5000 });
		await page.goto(`${baseUrl}/`);
		await page.waitForSelector(SEARCH_READY);
		const second = page.locator(`#${HOME_GRID_ID} > .grid`).nth(1);
		expect(await second.boundingBox().then((box) => box!.y)).toBeLessThan(5000);
		// Its logos are deferred in the served page (build-output.test.ts); in view, they are images.
		await expect.poll(() => second.locator('.logo > img').count()).toBeGreaterThan(0);
		expect(await second.locator('.logo > noscript').count()).toBe(0);
		expectNoErrors();
	});

	it('answers an unknown tool id with a real 404 page and a way home', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		const response = await page.goto(`${baseUrl}/app/99999999/`);
		expect(response?.status()).toBe(404);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
		await page.getByRole('link', { name: 'Browse all tools' }).click();
		await page.waitForURL(`${baseUrl}/`);
		expectNoErrors(/404/);
	});

	it.each([
		['home', '/'],
		['a tool page', '/app/1/'],
		['the 404 page', '/app/99999999/'],
	])('has no axe violations on %s', async (_, route) => {
		const { page } = await openPage(browser);
		await page.goto(`${baseUrl}${route}`);
		expect(await axeViolations(page)).toEqual([]);
	});
});
