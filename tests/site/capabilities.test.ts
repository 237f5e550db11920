// What a tool can do, in the built and served site (record 0028): the category pages' "What it
// does" links and the page per capability, a tool page's "At a glance" leading with its
// category's capabilities, "no integration found" said with what was looked for, the home page's
// links for a search that names no tool (and the island offering them), the market map's
// capability tokens and a comparison's CSV.
import { parse as parseCsv } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATEGORY_CAPABILITIES } from '../../src/features/facts/capabilities.ts';
import { FACTS } from '../../src/features/facts/vocabulary.ts';
import { CATEGORY_SLUGS } from '../../src/lib/categories.ts';
import { paths } from '../../src/lib/paths.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { distFiles, readPage } from '../helpers/dist.ts';
import { openPage, SEARCH_READY } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
let pages: Set<string>;
let idOf: Map<string, number>;
/** A live tool with no partner whose own pages were searched for integrations, and what for. */
let searched: { id: number; name: string; looked_at: string } | undefined;

const exists = (route: string) => pages.has(route);
/** What a tool page's "At a glance" says of one fact: its row's cells, or undefined. */
async function glanceRow(id: number, label: string) {
	const page = await readPage(paths.tool(id));
	return page
		.querySelectorAll('.glance__table tr')
		.find((tr) => tr.querySelector('th[scope=row]')?.text.trim() === label)
		?.text.replace(/\s+/g, ' ')
		.trim();
}

beforeAll(async () => {
	pages = new Set(
		(await distFiles())
			.filter((file) => file.endsWith('index.html'))
			.map((file) => `/${file.replace(/index\.html$/, '')}`),
	);
	const sql = connectEmbedded(inject('dbUrl'));
	const rows = await sql`select id, name from construction_apps where status = 'live'`;
	idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
	[searched] = await sql`select a.id::int as id, a.name, s.looked_at
		from integration_searches s join construction_apps a on a.id = s.tool_id
		where a.status = 'live' and not exists (select 1 from tool_integrations i
			where (i.tool_low_id = a.id or i.tool_high_id = a.id)
			and coalesce(i.status, '') <> 'retired'
			and exists (select 1 from construction_apps b where b.status = 'live'
				and b.id = case when i.tool_low_id = a.id then i.tool_high_id else i.tool_low_id end))
		order by a.id limit 1`;
	await sql.end();
});

describe('what a tool can do', () => {
	it('each category page links its capabilities some tool states, each page listing exactly those tools', async () => {
		let checked = 0;
		for (const slug of CATEGORY_SLUGS) {
			const page = await readPage(paths.category(slug));
			const links = page.querySelectorAll('.capability-nav a.chip');
			for (const link of links) {
				const href = link.getAttribute('href')!;
				expect(exists(href), href).toBe(true);
				const key = CATEGORY_CAPABILITIES[slug].find(
					(capability) => paths.categoryCapability(slug, capability) === href,
				)!;
				expect(key, href).toBeDefined();
				const listed = (await readPage(href))
					.querySelectorAll('li.card a[href^="/app/"]')
					.map((a) => a.getAttribute('href')!);
				expect(listed.length, href).toBe(parseInt(link.querySelector('.chip__count')!.text, 10));
				// Every tool listed says so on its own page, with the source it was read on.
				for (const tool of listed.slice(0, 3)) {
					const row = await glanceRow(Number(/\d+/.exec(tool)![0]), FACTS[key].label);
					expect(row, `${href} ${tool}`).toMatch(/Yes/);
					expect(row, `${href} ${tool}`).toMatch(/read on the vendor's page|stated by/);
					checked++;
				}
			}
		}
		expect(checked).toBeGreaterThan(20);
		// A capability no tool states has no page: an empty list is not a page.
		expect(exists('/category/estimating/teleportation/')).toBe(false);
	});

	it('a tool page leads At a glance with what a tool of its category does, and folds the rest', async () => {
		const page = await readPage(paths.tool(idOf.get('STACK')!));
		const groups = page.querySelectorAll('.glance__group').map((th) => th.text.trim());
		expect(groups[0]).toBe('What it does (Estimating & Takeoff)');
		expect(await glanceRow(idOf.get('STACK')!, 'Assemblies')).toMatch(/^Assemblies ?Yes/);
		// An estimating capability STACK's pages do not state is folded, never shown as "no".
		const missing = page.querySelector('.glance__missing')!.text;
		const unstated = CATEGORY_CAPABILITIES.estimating
			.map((key) => FACTS[key].label)
			.filter(
				(label) => !page.querySelectorAll('th[scope=row]').some((th) => th.text.trim() === label),
			);
		expect(unstated.length).toBeGreaterThan(0);
		for (const label of unstated) expect(missing.toLowerCase()).toContain(label.toLowerCase());
	});

	it('a tool whose own pages document no integration says what was looked for, and when', async () => {
		expect(searched).toBeDefined();
		const page = await readPage(paths.tool(searched!.id));
		const section = page.querySelector('section.works-with')!;
		expect(section.text).toContain(`No integration documented on ${searched!.name}'s own pages`);
		expect(section.querySelector('time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(section.text.replace(/\s+/g, ' ')).toContain(searched!.looked_at.replace(/\s+/g, ' '));
	});

	it('the market map carries a tile token for each capability a tool states', async () => {
		const map = await readPage(paths.landscape);
		const stack = map.querySelector(`li[data-id="${idOf.get('STACK')}"]`)!;
		expect(stack.getAttribute('data-f')!.split(' ')).toContain('does:assemblies');
		const filter = map.querySelector('a[data-param="does"][data-value="assemblies"]')!;
		expect(filter.getAttribute('href')).toBe('/category/estimating/assemblies/');
	});

	it('an "A vs B" page offers its comparison as CSV, the same rows as its table', async () => {
		const route = [...pages].find((page) => /^\/compare\/.+-vs-.+\/$/.test(page))!;
		const page = await readPage(route);
		const link = page.querySelector('a[download][href^="data:text/csv"]')!;
		expect(link.getAttribute('download')).toMatch(/-vs-.+\.csv$/);
		const csv = decodeURIComponent(
			link.getAttribute('href')!.replace(/^data:text\/csv;charset=utf-8,/, ''),
		);
		const rows: string[][] = parseCsv(csv.replace(/^\uFEFF/, ''));
		const labels = page
			.querySelectorAll('tr[data-row] > th')
			.map((th) => th.childNodes[0].text.trim());
		expect(rows.slice(1).map((row) => row[1])).toEqual(expect.arrayContaining(labels));
	});
});

describe('the home page for a search that names no tool', () => {
	it('links every category and the capabilities some tool states, each to its page', async () => {
		const home = await readPage('/');
		const hints = home.querySelectorAll('#search-hints a[data-hint]');
		expect(hints.length).toBeGreaterThan(CATEGORY_SLUGS.length);
		for (const hint of hints) expect(exists(hint.getAttribute('href')!), hint.text).toBe(true);
		expect(hints.map((hint) => hint.text.trim())).toEqual(
			expect.arrayContaining([expect.stringMatching(/^Estimating & Takeoff: \d+ tools$/)]),
		);
	});
});

describe.runIf(browserAvailable())('the hint in a browser', () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(() => browser?.close());

	it('offers the categories and capabilities whose names match, as links', async () => {
		const { page } = await openPage(browser);
		await page.goto(`${baseUrl}/?q=takeoff%20software`);
		await page.waitForSelector(SEARCH_READY);
		const empty = page.locator('.search__empty');
		await expect
			.poll(() => empty.locator('p').first().textContent())
			.toBe('No tool is named “takeoff software”. By what it does:');
		const links = empty.getByRole('link');
		expect(await links.first().textContent()).toMatch(/^Estimating & Takeoff: \d+ tools$/);
		expect(await links.first().getAttribute('href')).toBe('/category/estimating/');
		expect(await links.allTextContents()).toEqual(
			expect.arrayContaining([expect.stringMatching(/^On-screen 2D takeoff: \d+ tools?$/)]),
		);
	});
});
