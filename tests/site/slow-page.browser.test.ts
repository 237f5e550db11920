// The home page arriving slowly (a large catalogue, a phone on a slow network): the search island
// hydrates while the grid is still coming, as it did at 50,000 tools in `npm run bench`, and its
// answers must still cover the whole catalogue once the rest has arrived. A loopback proxy in
// front of the served site holds the home document back in the middle of its grid until the
// island has hydrated; everything else passes through as the site sends it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
	HOME_GRID_ID,
} from '../../src/features/search/grid-markup.ts';
import { WORKS_WITH_LIST_ID } from '../../src/features/search/works-with-options.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { openPage, SEARCH_READY, visibleCardNames } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
/** The rest of the held document goes out once the test says so, or after this long. */
const HOLD_LIMIT_MS = 20_000;
let browser: Browser;
let proxy: http.Server;
let origin: string;
let release = () => {};

/** Serves the site through; the home document stops halfway through its grid until released. */
function startProxy(): Promise<void> {
	proxy = http.createServer(async (request, response) => {
		const upstream = await fetch(new URL(request.url!, baseUrl), {
			method: request.method,
			redirect: 'manual',
			headers: { accept: request.headers.accept ?? '*/*' },
		});
		const headers = Object.fromEntries(
			[...upstream.headers].filter(
				([name]) => !/^(content-(encoding|length)|transfer-encoding|connection)$/.test(name),
			),
		);
		const body = Buffer.from(await upstream.arrayBuffer());
		response.writeHead(upstream.status, headers);
		const isHome = new URL(request.url!, baseUrl).pathname === '/';
		if (!isHome || request.method !== 'GET') return response.end(body);
		const html = body.toString('utf8');
		const grid = html.indexOf(`id="${HOME_GRID_ID}"`);
		const cards = [...html.slice(grid).matchAll(/<li\b/g)];
		const cut = grid + cards[Math.floor(cards.length / 2)].index;
		response.write(html.slice(0, cut));
		const held = new Promise<void>((resolve) => {
			release = resolve;
			setTimeout(resolve, HOLD_LIMIT_MS);
		});
		await held;
		response.end(html.slice(cut));
	});
	return new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
}

/** Ids of the grid's cards that work with the datalist's first (most connected) tool, and its name. */
const hubAndPartnerCards = (page: Page) =>
	page.evaluate(
		([listId, gridId, card]) => {
			const hub = document.getElementById(listId)!.querySelector('option')!;
			const partners = new Set(hub.dataset.partners!.split(' '));
			const ids = [...document.querySelectorAll(`#${gridId} ${card} a[href^="/app/"]`)].map(
				(a) => a.getAttribute('href')!.split('/')[2],
			);
			return {
				key: hub.dataset.key!,
				name: hub.value,
				partnerCards: ids.filter((id) => partners.has(id)).length,
			};
		},
		[WORKS_WITH_LIST_ID, HOME_GRID_ID, CARD_SELECTOR] as const,
	);

describe.runIf(browserAvailable())('the home page arriving slowly', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		await startProxy();
		origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		release();
		await browser?.close();
		await new Promise((resolve) => proxy?.close(resolve));
	});

	it('answers from the whole catalogue once the rest of the grid has arrived', async () => {
		const { page } = await openPage(browser);
		// The hub and how many of its partners the whole grid holds, the page read in full.
		await page.goto(`${baseUrl}/`);
		const whole = await hubAndPartnerCards(page);
		const names = await page
			.locator(`#${HOME_GRID_ID} ${CARD_NAME_SELECTOR}`)
			.evaluateAll((cards) => cards.map((name) => name.textContent ?? ''));
		const letter = 'e';
		const withLetter = names.filter((name) => name.toLowerCase().includes(letter)).length;

		// Slowly: a shared address filtering by the hub, then a letter typed before the rest.
		await page.goto(`${origin}/?works_with=${whole.key}`, { waitUntil: 'commit' });
		await page.waitForSelector(SEARCH_READY, { state: 'attached' });
		const early = await hubAndPartnerCards(page);
		expect(await page.evaluate(() => document.readyState)).toBe('loading');
		// The condition this test is about: the island came up on part of the grid.
		expect(early.partnerCards).toBeLessThan(whole.partnerCards);
		await page.getByRole('searchbox').fill(letter);
		release();
		await page.waitForLoadState('load');

		const status = page.getByRole('status').filter({ hasText: 'work with' });
		await expect
			.poll(() => status.textContent())
			.toMatch(new RegExp(`^\\d+ of ${names.length} tools match “${letter}” and work with `));
		// Every partner whose name has the letter, counted from the whole grid.
		const partnersWithLetter = await page.evaluate(
			([listId, gridId, nameSelector, typed]) => {
				const hub = document.getElementById(listId)!.querySelector('option')!;
				const partners = new Set(hub.dataset.partners!.split(' '));
				return [...document.querySelectorAll(`#${gridId} ${nameSelector}`)].filter(
					(name) =>
						partners.has(name.closest('a')!.getAttribute('href')!.split('/')[2]) &&
						(name.textContent ?? '').toLowerCase().includes(typed),
				).length;
			},
			[WORKS_WITH_LIST_ID, HOME_GRID_ID, CARD_NAME_SELECTOR, letter] as const,
		);
		expect(partnersWithLetter).toBeGreaterThan(0);
		expect(await status.textContent()).toMatch(new RegExp(`^${partnersWithLetter} of `));
		expect(withLetter).toBeGreaterThan(partnersWithLetter);
		// The address kept both: the shared filter and what was typed while the page arrived.
		expect(new URL(page.url()).searchParams.get('works_with')).toBe(whole.key);
		await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(letter);
		expect((await visibleCardNames(page)).length).toBeGreaterThan(0);
	});
});
