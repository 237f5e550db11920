// The compare page in Debian's Chromium: the address in both forms, adding by keyboard with the
// picker, removing, Back, "differences only", what it says about odd addresses, no JavaScript,
// and axe at a phone's and a desktop's width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compareFiles, PARTNERS_NAMED } from '../../src/features/compare/files.ts';
import { toGaps } from '../../src/features/compare/partner-ids.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { focused, tabTo } from '../helpers/keyboard.ts';
import { axeViolations, openPage } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let idOf: Map<string, number>;
const id = (name: string) => idOf.get(name)!;
const ids = (...names: string[]) => names.map(id).join(',');
const partners = new Map<string, string[]>();
const partnersOf = (name: string) => partners.get(name) ?? [];

async function compare(page: Page, query: string) {
	await page.goto(`${baseUrl}/compare/${query}`);
	await page.waitForSelector('.compare');
}
const columns = (page: Page) =>
	page.locator('table thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent));
/** The row labels, without the "differs" mark. */
const rowHeaders = (page: Page) =>
	page
		.locator('table tbody th[scope="row"]')
		.evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent));
const row = (page: Page, label: string) =>
	page.getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\b`) });
/** What a cell shows (screen-reader-only text left out), one space between its parts. */
const cells = (page: Page, label: string) =>
	row(page, label)
		.getByRole('cell')
		.evaluateAll((tds) =>
			tds.map((td) => {
				let text = '';
				const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
				while (walker.nextNode()) {
					const node = walker.currentNode;
					if (node.parentElement?.closest('.visually-hidden')) continue;
					// A source's pieces are one address with a <wbr> between them (SourceNote).
					text += (node.previousSibling?.nodeName === 'WBR' ? '' : ' ') + node.textContent;
				}
				return text.replace(/\s+/g, ' ').trim();
			}),
		);
const status = (page: Page) => page.getByRole('status').textContent();
const picker = (page: Page) => page.getByRole('combobox', { name: 'Add a tool to compare' });
const search = (page: Page) => new URL(page.url()).search;

describe.runIf(browserAvailable())('the compare page in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const sql = connectEmbedded(inject('dbUrl'));
		const rows = await sql`select id, name from construction_apps`;
		// Each live tool's partners that count (not retired), in the catalogue's name order.
		const pairs = await sql`select t.name as tool, p.name as partner from tool_integrations i
			join construction_apps t on t.id in (i.tool_low_id, i.tool_high_id)
			join construction_apps p on p.id in (i.tool_low_id, i.tool_high_id) and p.id <> t.id
			where i.status is distinct from 'retired' and p.status = 'live'
			order by p.name_sort, p.name, p.id`;
		await sql.end();
		idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
		for (const { tool, partner } of pairs)
			partners.set(tool, [...(partners.get(tool) ?? []), String(partner)]);
	});
	afterAll(() => browser?.close());

	it('reads the repeated form, writes the comma form in place, and shows each fact with its source and date', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/`);
		await compare(page, `?tools=${id('Quarry Takeoff')}&tools=${id('Wren Estimator')}`);
		await expect.poll(() => columns(page)).toEqual(['Fact', 'Quarry Takeoff', 'Wren Estimator']);
		expect(search(page)).toBe(`?tools=${ids('Quarry Takeoff', 'Wren Estimator')}`);
		expect(await cells(page, 'Pricing model')).toEqual([
			// The quotes load when opened (below).
			"Per user quarrytakeoff.example.com/pricing read on the vendor's page, 10 Nov 2026 What the page says Loading…",
			"Unlimited users (flat) wrenestimator.example.com/pricing read on the vendor's page, 10 Nov 2026 What the page says Loading…",
		]);
		const source = row(page, 'Pricing model').getByRole('link').first();
		expect(await source.getAttribute('href')).toBe('https://www.quarrytakeoff.example.com/pricing');
		expect(await source.textContent()).toBe(
			'quarrytakeoff.example.com/pricing: where Quarry Takeoff’s pricing model was read',
		);
		expect(
			await row(page, 'Open API')
				.getByRole('link', { name: /developer docs/ })
				.first()
				.getAttribute('href'),
		).toBe('https://developers.quarrytakeoff.example.com/docs/rest-api');
		expect(await cells(page, 'Works with both')).toEqual(['Heron Crews']);
		expect(await cells(page, 'Only this one works with')).toEqual([
			'Kestrel Schedules',
			'Lark Notes',
		]);
		// The normalised address replaced the one typed: Back leaves the page.
		await page.goBack();
		expect(new URL(page.url()).pathname).toBe('/');
		// A tool nobody documented a fact of shows it as unknown.
		await compare(page, `?tools=${ids('Lark Notes', 'Quarry Takeoff')}`);
		await expect
			.poll(() => cells(page, 'Pricing model'))
			.toEqual([
				'not documented yet',
				"Per user quarrytakeoff.example.com/pricing read on the vendor's page, 10 Nov 2026 What the page says Loading…",
			]);
		// The quote comes from the tool's quotes file when it is opened, not with the table.
		const quotesFetched: string[] = [];
		page.on('request', (request) => {
			if (request.url().includes('.quotes.json')) quotesFetched.push(request.url());
		});
		await row(page, 'Pricing model').getByText('What the page says').click();
		await expect
			.poll(() => cells(page, 'Pricing model'))
			.toEqual([
				'not documented yet',
				"Per user quarrytakeoff.example.com/pricing read on the vendor's page, 10 Nov 2026 What the page says Quarry Takeoff states its pricing_model here.",
			]);
		expect(quotesFetched).toEqual([`${baseUrl}/compare/data/${id('Quarry Takeoff')}.quotes.json`]);
		// Lark's checks are over a year old; Quarry's are not.
		expect(await cells(page, 'Platforms')).toEqual([
			expect.stringContaining('checked over a year ago'),
			expect.not.stringContaining('checked over a year ago'),
		]);
		// Alone, Lark's undocumented facts fold into one line under the table, not rows.
		await compare(page, `?tools=${id('Lark Notes')}`);
		await expect
			.poll(() => page.locator('.compare__unknown-all').textContent())
			.toMatch(/^Not documented for it yet: [^:]*company size, also does, pricing model, /);
		expect(await rowHeaders(page)).not.toContain('Pricing model');
		expectNoErrors();
	});

	it('adds tools with the keyboard, removes one, and Back and Forward walk the choices', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		const requested: string[] = [];
		page.on('request', (request) => requested.push(new URL(request.url()).pathname));
		// From a tool page's link.
		await page.goto(`${baseUrl}/app/${id('Quarry Takeoff')}/`);
		await page.getByRole('link', { name: 'Compare Quarry Takeoff with other tools' }).click();
		await page.waitForSelector('.compare');
		await expect
			.poll(() => page.getByText('Add another tool to compare with Quarry Takeoff.').count())
			.toBe(1);
		expect(requested).toContain(compareFiles.tool(id('Quarry Takeoff')));
		expect(requested).not.toContain(compareFiles.names);
		// The names load on first use of the picker, once.
		// The picker's code loads when it is shown (a lazy chunk): Tab reaches it once it is there.
		await picker(page).waitFor();
		const box = await tabTo(page, (element) => element.name === 'Add a tool to compare');
		expect(box.tag).toBe('input');
		await expect.poll(() => requested.filter((url) => url === compareFiles.names)).toHaveLength(1);
		await page.keyboard.type('wren');
		await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Wren Estimator']);
		// The one picker's keys (ToolPicker.tsx): the first match is selected, the arrows stop at
		// either end, Escape closes the list and a second Escape clears the box.
		const selected = async () =>
			page.locator(`#${await picker(page).getAttribute('aria-activedescendant')}`).textContent();
		expect(await selected()).toBe('Wren Estimator');
		await page.keyboard.press('ArrowDown');
		expect(await selected()).toBe('Wren Estimator');
		await picker(page).fill('e');
		const offered = await page.getByRole('option').allTextContents();
		expect(offered.length).toBeGreaterThan(2);
		await page.keyboard.press('ArrowUp');
		expect(await selected()).toBe(offered[0]);
		for (let i = 0; i <= offered.length; i++) await page.keyboard.press('ArrowDown');
		expect(await selected()).toBe(offered.at(-1));
		await page.keyboard.press('Escape');
		expect(await picker(page).getAttribute('aria-expanded')).toBe('false');
		await page.keyboard.press('Escape');
		expect(await picker(page).inputValue()).toBe('');
		await page.keyboard.type('wren');
		await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Wren Estimator']);
		await page.keyboard.press('Enter');
		await expect.poll(() => columns(page)).toEqual(['Fact', 'Quarry Takeoff', 'Wren Estimator']);
		expect(search(page)).toBe(`?tools=${ids('Quarry Takeoff', 'Wren Estimator')}`);
		expect(await status(page)).toBe(
			'Added Wren Estimator. Comparing Quarry Takeoff and Wren Estimator.',
		);
		expect((await focused(page)).name).toBe('Add a tool to compare');
		// A chosen tool is no longer offered.
		await page.keyboard.type('estimator');
		await expect
			.poll(() => page.getByRole('option').allTextContents())
			.toContain('Estimator C++ Test');
		expect(await page.getByRole('option').allTextContents()).not.toContain('Wren Estimator');
		// Escape closes the list, then empties the box.
		await page.keyboard.press('Escape');
		expect(await picker(page).getAttribute('aria-expanded')).toBe('false');
		await page.keyboard.press('Escape');
		expect(await picker(page).inputValue()).toBe('');
		// Enter takes the first match.
		await page.keyboard.type('kestrel');
		await page.keyboard.press('Enter');
		await page.keyboard.type('heron');
		await page.keyboard.press('Enter');
		const four = ['Quarry Takeoff', 'Wren Estimator', 'Kestrel Schedules', 'Heron Crews'];
		await expect.poll(() => columns(page)).toEqual(['Fact', ...four]);
		// A full table has no picker: the focus is on the new tool's column.
		expect(await picker(page).count()).toBe(0);
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.textContent))
			.toBe('Heron Crews');
		// Removing moves the focus to the next tool's button.
		await page.getByRole('button', { name: 'Remove Wren Estimator' }).focus();
		await page.keyboard.press('Enter');
		await expect
			.poll(() => columns(page))
			.toEqual(['Fact', 'Quarry Takeoff', 'Kestrel Schedules', 'Heron Crews']);
		expect((await focused(page)).name).toBe('Remove Kestrel Schedules');
		expect(await status(page)).toBe(
			'Removed Wren Estimator. Comparing Quarry Takeoff, Kestrel Schedules and Heron Crews.',
		);
		// Back walks through every choice, Forward comes back.
		await page.goBack();
		await expect.poll(() => columns(page)).toEqual(['Fact', ...four]);
		await page.goBack();
		await expect.poll(() => columns(page)).toEqual(['Fact', ...four.slice(0, 3)]);
		await page.goBack();
		await page.goBack();
		await expect.poll(() => search(page)).toBe(`?tools=${id('Quarry Takeoff')}`);
		await expect.poll(() => page.locator('table thead th').count()).toBe(2);
		await page.goForward();
		await expect.poll(() => columns(page)).toEqual(['Fact', 'Quarry Takeoff', 'Wren Estimator']);
		expect(requested.filter((url) => url === compareFiles.names)).toHaveLength(1);
		expectNoErrors();
	});

	it('shows only the rows that differ, in the address and after a reload', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await compare(page, `?tools=${ids('Quarry Takeoff', 'Wren Estimator')}`);
		await expect.poll(() => rowHeaders(page).then((rows) => rows.length)).toBe(20);
		const toggle = page.getByRole('switch', { name: 'Differences only' });
		await toggle.check();
		const differing = [
			'Pricing model',
			'Starting price',
			'Platforms',
			'Offline field use',
			'Only this one works with',
			'Open API',
			'Vendor',
			'Pages read',
		];
		await expect.poll(() => rowHeaders(page)).toEqual(differing);
		expect(await status(page)).toBe('Showing only the 7 rows that differ.');
		expect(search(page)).toBe(`?tools=${ids('Quarry Takeoff', 'Wren Estimator')}&differences=only`);
		await page.reload();
		await expect.poll(() => rowHeaders(page)).toEqual(differing);
		expect(await page.getByRole('switch', { name: 'Differences only' }).isChecked()).toBe(true);
		await page.getByRole('switch', { name: 'Differences only' }).uncheck();
		await expect.poll(() => rowHeaders(page).then((rows) => rows.length)).toBe(20);
		expect(search(page)).toBe(`?tools=${ids('Quarry Takeoff', 'Wren Estimator')}`);
		// A row known for one tool only is never a difference (model.ts): Lark has no pricing.
		await compare(page, `?tools=${ids('Lark Notes', 'Quarry Takeoff')}&differences=only`);
		await expect.poll(() => rowHeaders(page)).toContain('Platforms');
		expect(await rowHeaders(page)).not.toContain('Pricing model');
		expectNoErrors();
	});

	it('gives the same answers as the "A vs B" page for the same two tools (one model, two renderings)', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		/** Each row: its key, whether it is marked as differing, and what each cell says. */
		const answers = () =>
			page.locator('table tr[data-row]').evaluateAll((rows) =>
				rows.map((tr) => [
					tr.getAttribute('data-row'),
					tr.querySelector('.compare__differs-mark') !== null,
					// Whitespace between elements differs between the two renderings; the words do not.
					// A quote is in the vs page and fetched by the island when opened: its disclosure
					// is compared, not what it holds.
					[...tr.querySelectorAll('td')].map((td) => {
						const copy = td.cloneNode(true) as Element;
						for (const held of copy.querySelectorAll('details.source__quote > :not(summary)'))
							held.remove();
						return copy.textContent!.replace(/\s+/g, '');
					}),
				]),
			);
		await page.goto(`${baseUrl}/compare/quarry-takeoff-vs-wren-estimator/`);
		const onVsPage = await answers();
		expect(onVsPage.length).toBeGreaterThan(15);
		await compare(page, `?tools=${ids('Quarry Takeoff', 'Wren Estimator')}`);
		await expect.poll(() => answers()).toEqual(onVsPage);
		expectNoErrors();
	});

	it('counts a hub’s partners exactly and names the first of each list', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		const [procore, vista] = [partnersOf('Procore'), partnersOf('Viewpoint Vista')];
		expect(procore.length).toBeGreaterThan(PARTNERS_NAMED); // its file names only the first
		const shared = vista.filter((name) => procore.includes(name));
		const only = procore.filter((name) => !vista.includes(name));
		await compare(page, `?tools=${ids('Procore', 'Viewpoint Vista')}`);
		await expect
			.poll(() => cells(page, 'Listed integrations'))
			.toEqual([`Works with ${procore.length} tools`, `Works with ${vista.length} tools`]);
		// Each file names its first partners only: the shared ones the file naming most of them
		// names, then how many more.
		const namedShared = [procore, vista]
			.map((list) => shared.filter((name) => list.slice(0, PARTNERS_NAMED).includes(name)))
			.reduce((most, next) => (next.length > most.length ? next : most));
		expect(await cells(page, 'Works with both')).toEqual([
			namedShared.length === shared.length
				? shared.join(', ')
				: `${namedShared.join(', ')} and ${shared.length - namedShared.length} more`,
		]);
		// Procore's first twelve partners hold ten of its own: the cell reads as with every name.
		expect((await cells(page, 'Only this one works with'))[0]).toBe(
			`${only.slice(0, 10).join(', ')} and ${only.length - 10} more`,
		);
		const more = row(page, 'Only this one works with').getByRole('link', {
			name: `${only.length - 10} more that work with Procore`,
		});
		expect(await more.getAttribute('href')).toBe(`/integrations/${id('Procore')}/`);

		// Two hubs of a large catalogue, whose files name none of the partners they share; 500 of
		// the first one's partners work with it alone, so its file only counts them.
		const hub = (at: number, named: number[], more: number[], onlyPartnerOf?: number) => ({
			id: at,
			name: `Hub ${at}`,
			path: `/app/${at}/`,
			category: 'Project Management',
			facts: {},
			partners: named.map((partner) => [partner, `Partner ${partner}`]),
			morePartners: toGaps(more),
			onlyPartnerOf,
			integrationsPath: `/integrations/${at}/`,
		});
		const range = (from: number, to: number) =>
			Array.from({ length: to - from }, (_, at) => from + at);
		const files = [
			hub(900001, range(1, 13), range(13, 1000), 500),
			hub(900002, range(2000, 2012), range(100, 400).concat(range(2012, 2500))),
		];
		for (const file of files)
			await page.route(`**${compareFiles.tool(file.id)}`, (route) => route.fulfill({ json: file }));
		await compare(page, `?tools=900001,900002`);
		await expect
			.poll(() => cells(page, 'Listed integrations'))
			.toEqual(['Works with 1499 tools', 'Works with 800 tools']);
		expect(await cells(page, 'Works with both')).toEqual(['300 tools']);
		const all = row(page, 'Works with both').getByRole('link', {
			name: '300 tools that work with Hub 900001 and Hub 900002',
		});
		expect(await all.getAttribute('href')).toBe('/?works_with=900001,900002');
		expect(await cells(page, 'Only this one works with')).toEqual([
			`${range(1, 11)
				.map((n) => `Partner ${n}`)
				.join(', ')} and 1189 more`,
			`${range(2000, 2010)
				.map((n) => `Partner ${n}`)
				.join(', ')} and 490 more`,
		]);
		expectNoErrors();
	});

	it('says what it left out of an address: past four tools, not a tool number, no such tool', async () => {
		const { page, allowErrors } = await openPage(browser);
		const five = [
			'Quarry Takeoff',
			'Wren Estimator',
			'Kestrel Schedules',
			'Heron Crews',
			'Lark Notes',
		];
		await compare(page, `?tools=${ids(...five)}`);
		await expect.poll(() => columns(page)).toEqual(['Fact', ...five.slice(0, 4)]);
		expect(await page.getByText(/showing the first 4 of the 5 in the address/).count()).toBe(1);
		expect(search(page)).toBe(`?tools=${ids(...five.slice(0, 4))}`);
		// An id with no file answers 404: the page says so instead.
		allowErrors(/status of 404/);
		await compare(page, `?tools=${id('Quarry Takeoff')},99999999,procore`);
		// What is no tool's number at all first, then what no live tool has.
		const leftOut = 'Left out “procore” and “99999999”: not the number of a tool in the directory.';
		await expect.poll(() => page.getByText(leftOut).count()).toBe(1);
		expect(await page.getByText('Add another tool to compare with Quarry Takeoff.').count()).toBe(
			1,
		);
		await compare(page, '');
		expect(await page.getByText('Choose two to four tools to compare.').count()).toBe(1);
	});

	it('without JavaScript, keeps its heading and says what comparing needs', async () => {
		const { page } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(
			`${baseUrl}/compare/?tools=${id('Quarry Takeoff')}&tools=${id('Wren Estimator')}`,
		);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
			'Compare tools side by side',
		);
		expect(await page.getByText(/Comparing tools needs JavaScript/).isVisible()).toBe(true);
		expect(await page.getByRole('link', { name: 'Browse all tools' }).getAttribute('href')).toBe(
			'/',
		);
	});

	it.each([375, 1280])('passes axe at %i px, the picker open and the table full', async (width) => {
		const { page, expectNoErrors } = await openPage(browser, { width });
		await compare(page, `?tools=${ids('Quarry Takeoff', 'Wren Estimator', 'Lark Notes')}`);
		await expect.poll(() => page.locator('table thead th').count()).toBe(4);
		await picker(page).fill('e');
		await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(1);
		expect(await axeViolations(page)).toEqual([]);
		await page.keyboard.press('Escape');
		await page.getByRole('switch', { name: 'Differences only' }).check();
		expect(await axeViolations(page)).toEqual([]);
		expectNoErrors();
	});
});
