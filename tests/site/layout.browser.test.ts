// Every template at 320, 375, 768 and 1280 px, with JavaScript on and, where the page works
// without it, off (record 0029): the document is never wider than the window; its height after
// scrolling to the end is within 25% of its height once loaded (content-visibility estimates);
// no text leaves its box and no label or address breaks inside a word; the labels of the
// integration graph, the market map and the stats charts never overlap. One Chromium whose fonts
// are pinned to Debian's fonts-dejavu-core (tests/helpers/fonts.conf), each page loaded once per
// width and mode. Also the answers of the forms without JavaScript: a thank-you page, an error
// page, and a tool already listed (303 to its page).
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints, paths } from '../../src/lib/paths.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { overlappingText, scrollToEnd, textFaults } from '../helpers/layout.ts';
import { openPage } from '../helpers/page.ts';
import { templates } from './layout-pages.ts';

const baseUrl = inject('baseUrl');
const WIDTHS = [320, 375, 768, 1280];
/** How far a page's height may move as a reader scrolls to its end, against its height once loaded. */
const HEIGHT_DRIFT = 0.25;
let browser: Browser;
let idOf: Map<string, number>;

/** What is wrong with the page now shown, in words a failure lists (empty: nothing). */
async function layoutFaults(page: Page, labels?: string): Promise<string[]> {
	const faults: string[] = [];
	const extent = await scrollToEnd(page);
	if (extent.width > extent.window)
		faults.push(`document ${extent.width} px wide in a ${extent.window} px window`);
	const drift = Math.abs(extent.endHeight - extent.loadedHeight) / extent.loadedHeight;
	if (drift > HEIGHT_DRIFT)
		faults.push(`${extent.loadedHeight} px tall once loaded, ${extent.endHeight} px at the end`);
	for (const fault of await textFaults(page))
		faults.push(`${fault.kind}: "${fault.text}" in ${fault.in}`);
	if (labels)
		for (const pair of await overlappingText(page, labels)) faults.push(`labels overlap: ${pair}`);
	return faults;
}

describe.runIf(browserAvailable())('layout at four widths', () => {
	beforeAll(async () => {
		browser = await launchChromium([], {
			FONTCONFIG_FILE: path.resolve('tests/helpers/fonts.conf'),
		});
		const sql = connectEmbedded(inject('dbUrl'));
		const rows = await sql`select id, name from construction_apps where status = 'live'`;
		await sql.end();
		idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
	});
	afterAll(() => browser?.close());

	const id = (name: string) => {
		const found = idOf.get(name);
		if (found === undefined) throw new Error(`no live tool named ${name}`);
		return found;
	};

	it.each(WIDTHS)(
		'lays out every template at %i px, with JavaScript on and off',
		async (width) => {
			const problems: string[] = [];
			for (const javaScriptEnabled of [true, false]) {
				const { page } = await openPage(browser, { width, height: 800, javaScriptEnabled });
				for (const template of templates(id)) {
					if (!javaScriptEnabled && !template.noScript) continue;
					await page.goto(`${baseUrl}${template.path}`, { waitUntil: 'load' });
					// An island's first render (the compare table, the stack) before measuring.
					if (javaScriptEnabled) await page.waitForLoadState('networkidle');
					const mode = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';
					for (const fault of await layoutFaults(page, template.labels))
						problems.push(`${template.name} (${template.path}), ${mode}: ${fault}`);
				}
			}
			expect(problems).toEqual([]);
		},
		180_000,
	);

	it.each([375, 1280])(
		'answers the forms without JavaScript on pages of the site at %i px',
		async (width) => {
			const { page } = await openPage(browser, { width, javaScriptEnabled: false });
			const problems: string[] = [];
			const check = async (what: string) => {
				for (const fault of await layoutFaults(page)) problems.push(`${what}: ${fault}`);
				// The site's own page: its header and footer, not a bare answer.
				expect(await page.locator('header.site-header, footer.site-footer').count()).toBe(2);
			};
			// A tool already listed: 303 to its pre-rendered page, which says so.
			await page.goto(`${baseUrl}${paths.submit}`);
			await page.getByLabel('Application Name').fill('Procore');
			await page.getByLabel('Application URL').fill('https://www.procore.com/');
			await page.getByRole('button', { name: /submit/i }).click();
			await page.waitForURL(`**${paths.tool(id('Procore'))}#already-listed`);
			await expect
				.poll(() => page.getByText('Procore is already listed in the directory.').isVisible())
				.toBe(true);
			await check('already listed');
			// A new tool: the thank-you page, its two buttons apart.
			await page.goto(`${baseUrl}${paths.submit}`);
			await page.getByLabel('Application Name').fill(`Layout Check ${width}`);
			await page.getByLabel('Application URL').fill(`https://layout-check-${width}.example.com/`);
			await page.getByRole('button', { name: /submit/i }).click();
			await page.waitForURL(`**${paths.submitted}`);
			await check('thank-you page');
			const [first, second] = await page
				.locator('main .button')
				.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON()));
			const apart = second.left >= first.right + 8 || second.top >= first.bottom + 8;
			expect(apart, "the thank-you page's buttons are apart").toBe(true);
			// The functions' own pages (an error, a link that does not work) stay within the window.
			const bare = await openPage(browser, { width, javaScriptEnabled: false });
			await bare.page.goto(`${baseUrl}${paths.submit}`);
			await bare.page.getByLabel('Application Name').fill('Layout Check');
			await bare.page.getByLabel('Application URL').fill('not an address');
			await bare.page.getByRole('button', { name: /submit/i }).click();
			await bare.page.waitForURL(`**${endpoints.submit}`);
			for (const fault of await layoutFaults(bare.page)) problems.push(`error answer: ${fault}`);
			await bare.page.goto(`${baseUrl}${endpoints.submit}?action=claim&token=bad`);
			for (const fault of await layoutFaults(bare.page)) problems.push(`claim link: ${fault}`);
			expect(problems).toEqual([]);
		},
	);
});
