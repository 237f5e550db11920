// Facts as a buyer reads them (record 0024), in Debian's Chromium: the quote beside its source opens
// without JavaScript, no fact label breaks inside a word from 320 px up on the tool, compare and
// "A vs B" pages, and axe finds nothing on them at a phone's and a desktop's width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage } from '../helpers/page.ts';
import { fixtureQuote } from './compare-fixtures.ts';

const baseUrl = inject('baseUrl');
const VS = '/compare/quarry-takeoff-vs-wren-estimator/';
let browser: Browser;
let idOf: Map<string, number>;
let bareTool: number;

/** The words of each row label that the browser laid out over more than one line. */
const brokenLabels = (page: Page, selector: string) =>
	page.locator(selector).evaluateAll((cells) =>
		cells.flatMap((cell) => {
			const broken: string[] = [];
			const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
			while (walker.nextNode()) {
				const node = walker.currentNode as Text;
				for (const match of node.data.matchAll(/\S+/g)) {
					const range = document.createRange();
					range.setStart(node, match.index);
					range.setEnd(node, match.index + match[0].length);
					// A word on one line is one box (or one per inline box it spans, same top).
					const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
					if (tops.size > 1) broken.push(match[0]);
				}
			}
			return broken;
		}),
	);

describe.runIf(browserAvailable())('facts in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		const rows = await sql`select id, name from construction_apps`;
		const [bare] = await sql`select a.id from construction_apps a
			where a.status = 'live' and not exists (select 1 from tool_facts f where f.tool_id = a.id)
			order by a.id limit 1`;
		await sql.end();
		idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
		bareTool = Number(bare.id);
	});
	afterAll(() => browser?.close());

	it('opens the quote beside its source without JavaScript', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/app/${idOf.get('Quarry Takeoff')}/`);
		const vendor = page.getByRole('row', { name: /^Vendor\b/ });
		const quote = vendor.getByText(fixtureQuote('Quarry Takeoff', 'vendor'));
		expect(await quote.isVisible()).toBe(false);
		await vendor.getByText('What the page says').click();
		expect(await quote.isVisible()).toBe(true);
	});

	it.each([320, 375, 1280])('breaks no fact label inside a word at %i px', async (width) => {
		const { page, expectNoErrors } = await openPage(browser, { width });
		await page.goto(`${baseUrl}/app/${idOf.get('Quarry Takeoff')}/`);
		expect(await brokenLabels(page, '.glance__table th')).toEqual([]);
		await page.goto(`${baseUrl}${VS}`);
		expect(await brokenLabels(page, '.compare__table th')).toEqual([]);
		const ids = ['Quarry Takeoff', 'Wren Estimator', 'Kestrel Schedules', 'Heron Crews'];
		await page.goto(`${baseUrl}/compare/?tools=${ids.map((name) => idOf.get(name)).join(',')}`);
		await expect.poll(() => page.locator('table thead th').count()).toBe(5);
		expect(await brokenLabels(page, '.compare__table th')).toEqual([]);
		expectNoErrors();
	});

	it.each([375, 1280])(
		'passes axe at %i px on a documented tool, a bare one and an "A vs B" page, quotes open',
		async (width) => {
			const { page, expectNoErrors } = await openPage(browser, { width });
			for (const path of [`/app/${idOf.get('Quarry Takeoff')}/`, `/app/${bareTool}/`, VS]) {
				await page.goto(`${baseUrl}${path}`);
				await page.evaluate(() =>
					document.querySelectorAll('details').forEach((details) => (details.open = true)),
				);
				expect(await axeViolations(page), path).toEqual([]);
			}
			expectNoErrors();
		},
	);
});
