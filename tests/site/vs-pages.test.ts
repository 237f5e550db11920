// Facts and "A vs B" pages in the built and served site (compare-fixtures.ts: four tools
// documented in full, one barely): the tool page's "At a glance" table, its JSON-LD, the vs
// pages (differences first, reasons from documented differences, every source), their
// addresses (alphabetical, the reverse one redirects, an unknown pair is a 404).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';
import { fixtureQuote, VENDOR_STATED } from './compare-fixtures.ts';

const base = inject('baseUrl');
const VS = '/compare/quarry-takeoff-vs-wren-estimator/';
let idOf: Map<string, number>;
let vsRoutes: string[];

const jsonLd = (page: HTMLElement) =>
	page
		.querySelectorAll('script[type="application/ld+json"]')
		.map((script) => JSON.parse(script.text) as Record<string, unknown>);
const rowText = (page: HTMLElement, label: string) =>
	page
		.querySelectorAll('tr')
		.find((row) => row.querySelector('th')?.text.trim().startsWith(label))
		?.text.replace(/\s+/g, ' ')
		.trim();

let toolWithoutFacts: () => Promise<number>;

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	const rows = await sql`select id, name from construction_apps`;
	const [bare] = await sql`select a.id from construction_apps a
		where a.status = 'live' and not exists (select 1 from tool_facts f where f.tool_id = a.id)
		order by a.id limit 1`;
	await sql.end();
	toolWithoutFacts = async () => Number(bare.id);
	idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
	vsRoutes = (await distFiles())
		.map((file) => `/${file.replace(/index\.html$/, '')}`)
		.filter((route) => /^\/compare\/.+-vs-.+\/$/.test(route));
});

describe('"At a glance" on a tool page', () => {
	it('shows every fact with its source, the day it was read there and what the page says, a set read on two pages with both', async () => {
		const page = await readPage(`/app/${idOf.get('Quarry Takeoff')}/`);
		const table = page.querySelector('.glance__table')!;
		// A row per fact; the rows that head a group ("What it does", "Pricing, …") are no fact.
		const factRows = table
			.querySelectorAll('tbody tr')
			.filter((tr) => !tr.querySelector('.glance__group'));
		expect(factRows.length).toBe(15);
		// Every common fact documented: only what an estimating tool does is left to document.
		const missing = page.querySelector('.glance__missing')!.text;
		expect(missing).toMatch(/^Not documented yet: on-screen 2D takeoff, /);
		expect(missing).not.toMatch(/pricing model|platforms|vendor/);
		const platforms = rowText(page, 'Platforms')!;
		// The values in the vocabulary's order; each page they were read on with its own date.
		expect(platforms).toMatch(/^Platforms ?Web browser, iPhone \(iOS\), iPad \(iPadOS\)/);
		expect(platforms).toMatch(/apps\.apple\.com.*read on the vendor's page, 4 Nov 2026/);
		expect(platforms).toMatch(/quarrytakeoff\.example\.com.*read on the vendor's page, 3 Nov 2026/);
		// The quote beside its source, readable without JavaScript (a <details> disclosure).
		const vendor = table
			.querySelectorAll('tr')
			.find((row) => row.querySelector('th')?.text.trim() === 'Vendor')!;
		const quote = vendor.querySelector('details.source__quote blockquote')!;
		expect(quote.text).toBe(fixtureQuote('Quarry Takeoff', 'vendor'));
		expect(quote.getAttribute('cite')).toMatch(/^https:\/\/www\.quarrytakeoff\.example\.com\//);
		expect(rowText(page, 'Starting price')).toMatch(/\$49 per user a month \(billed annually\)/);
		expect(rowText(page, 'Open API')).toMatch(/Yes\s*developer docs/);
		const sources = table.querySelectorAll('.glance__source a');
		expect(sources.length).toBeGreaterThan(15);
		for (const link of sources) {
			expect(link.getAttribute('href')).toMatch(/^https:\/\//);
			expect(link.getAttribute('rel')).toBe('noopener noreferrer');
		}
		// A value with a page of its own links to it.
		expect(
			table.querySelector('a[href="/platform/android/"], a[href="/platform/ipados/"]'),
		).not.toBeNull();
	});

	it('lists the documented facts, folds the rest into one line that asks for them, and says when a check is over a year old', async () => {
		const page = await readPage(`/app/${idOf.get('Lark Notes')}/`);
		const rows = page
			.querySelectorAll('.glance__table tbody tr')
			.filter((tr) => !tr.querySelector('.glance__group'));
		expect(rows.map((tr) => tr.querySelector('th')!.text.trim())).toEqual([
			'Built for',
			'Platforms',
		]);
		// Its category's capabilities and the fifteen common facts.
		expect(page.querySelector('.glance__intro')!.text).toMatch(/2 of 2\d facts/);
		const missing = page.querySelector('.glance__missing')!;
		// What a tool of its category does first, then the common facts.
		expect(missing.text).toMatch(
			/^Not documented yet: [^:]*, company size, pricing model, starting price, /,
		);
		expect(missing.text).toContain('open API, SOC 2');
		expect(missing.querySelector('a')!.getAttribute('href')).toBe(
			`/app/${idOf.get('Lark Notes')}/suggest/`,
		);
		for (const row of rows) expect(row.text).toContain('checked over a year ago');
		// Quarry's facts were read this year: none says so.
		const quarry = await readPage(`/app/${idOf.get('Quarry Takeoff')}/`);
		expect(quarry.text).not.toContain('checked over a year ago');
	});

	it('says in one sentence when nothing about a tool is documented', async () => {
		const bare = await readPage(`/app/${await toolWithoutFacts()}/`);
		expect(bare.querySelector('.glance__table')).toBeNull();
		expect(bare.querySelector('.glance__none')!.text).toMatch(
			/^Nothing about .+ is documented from the vendor's own pages yet\. Suggest a fact with its source\.$/,
		);
	});

	it('shows a fact the vendor stated as stated by the vendor, not as read', async () => {
		const page = await readPage(`/app/${idOf.get(VENDOR_STATED.tool)}/`);
		const pricing = rowText(page, 'Pricing model')!;
		expect(pricing).toMatch(/stated by heroncrews Software Inc\., 10 Nov 2026/);
		expect(pricing).not.toMatch(/read on the vendor's page/);
	});

	it('gives the JSON-LD the platforms, the sub-categories and a published price only', async () => {
		const [quarry] = jsonLd(await readPage(`/app/${idOf.get('Quarry Takeoff')}/`));
		expect(quarry).toMatchObject({
			operatingSystem: 'Web browser, iPhone (iOS), iPad (iPadOS)',
			applicationSubCategory: ['Estimating & Takeoff', 'Bidding & Procurement'],
			offers: { '@type': 'Offer', price: '49', priceCurrency: 'USD' },
		});
		const [kestrel] = jsonLd(await readPage(`/app/${idOf.get('Kestrel Schedules')}/`));
		expect(kestrel.offers).toBeUndefined();
		expect(kestrel.operatingSystem).toBe('Web browser, Windows desktop, macOS desktop');
	});
});

describe('"A vs B" pages', () => {
	it('exist for related pairs only, named in alphabetical order, at most three per tool', async () => {
		expect(vsRoutes).toContain(VS);
		const perTool = new Map<string, number>();
		for (const route of vsRoutes) {
			const page = await readPage(route);
			const names = page.querySelectorAll('.vs__tool a').map((a) => a.text.trim());
			expect(names).toHaveLength(2);
			expect(names[0].localeCompare(names[1], 'en', { sensitivity: 'base' })).toBeLessThan(0);
			for (const name of names) perTool.set(name, (perTool.get(name) ?? 0) + 1);
			expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
				`${base}${route}`,
			);
		}
		expect(Math.max(...perTool.values())).toBeLessThanOrEqual(3);
		// Kestrel (scheduling) and Heron (workforce) share no job: no page.
		expect(vsRoutes.some((r) => r.includes('kestrel') && r.includes('heron'))).toBe(false);
	});

	it('put the facts side by side with the compare page’s model, reasons drawn from documented differences', async () => {
		const page = await readPage(VS);
		expect(page.querySelector('h1')!.text.replace(/\s+/g, ' ')).toBe(
			'Quarry Takeoff vs Wren Estimator',
		);
		const pricing = page
			.querySelectorAll('tbody')
			.find((body) => body.querySelector('.compare__section')?.text.includes('Pricing'))!;
		const row = (key: string) => pricing.querySelector(`tr[data-row="${key}"]`)!;
		// Buyer order, as on the compare page; the rows whose documented values differ say so.
		expect(
			pricing.querySelectorAll('tr[data-row]').map((tr) => tr.getAttribute('data-row')),
		).toEqual(['pricing_model', 'starting_price', 'free_version', 'free_trial']);
		expect(row('pricing_model').querySelector('.compare__differs-mark')?.text).toBe('differs');
		expect(row('free_trial').querySelector('.compare__differs-mark')).toBeNull();
		expect(page.querySelector('.glance__intro')!.text).toMatch(
			/^They differ on \d+ documented facts: .*pricing model, starting price/,
		);
		const reasons = page.querySelectorAll('.vs__reasons');
		expect(reasons[0].text).toMatch(/you need it on an iPad/);
		expect(reasons[0].text).toMatch(/you use Kestrel Schedules/);
		expect(reasons[1].text).toMatch(/you need it on Android/);
		// Neither tool is a reason to choose the other.
		expect(reasons[0].text).not.toMatch(/you use [^:]*Wren Estimator/);
		expect(reasons[1].text).not.toMatch(/you use [^:]*Quarry Takeoff/);
		expect(reasons[1].text).toMatch(/your crews work without a connection/);
		// Integrations: Heron Crews is shared; each has one of its own.
		expect(page.querySelector('tr[data-row="partners-shared"]')!.text).toMatch(
			/Works with both\s*Heron Crews/,
		);
		// Every page read, once per tool, with the newest day a fact was read there.
		const sources = page.querySelectorAll('tr[data-row="sources"] .source');
		expect(sources.length).toBeGreaterThan(10);
		for (const source of sources)
			expect(source.text).toMatch(/read on the vendor's page, \d{1,2} \w{3,4} 2026/);
		// Quarry's pricing page carries facts read on 10 Nov; one date, the newest.
		const quarryPricing = sources.filter((source) =>
			source
				.querySelector('a')!
				.getAttribute('href')!
				.endsWith('quarrytakeoff.example.com/pricing'),
		);
		expect(quarryPricing).toHaveLength(1);
		expect(quarryPricing[0].text).toContain('10 Nov 2026');
		const [list] = jsonLd(page);
		expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
	});

	it('never give either tool as the reason to choose the other', async () => {
		let partnersCompared = 0;
		for (const route of vsRoutes) {
			const page = await readPage(route);
			const names = page.querySelectorAll('thead th a').map((a) => a.text.trim());
			const reasons = page.querySelectorAll('.vs__reasons');
			expect(reasons, route).toHaveLength(2);
			reasons.forEach((side, at) => {
				const other = names[1 - at];
				for (const reason of side.querySelectorAll('li'))
					expect(reason.text, route).not.toMatch(
						new RegExp(`you use [^:]*\\b${RegExp.escape(other)}\\b`),
					);
			});
			if (page.querySelector('tr[data-row="partner-count"]')?.text.includes('Works with'))
				partnersCompared++;
		}
		expect(partnersCompared).toBeGreaterThan(0);
	});

	it('exist only where both tools have three documented facts or a documented difference; other related pairs lead to the compare page', async () => {
		// The catalogue of the test build holds related pairs with too little documented: their
		// addresses are redirects, never pages; every page has what the rule asks for.
		const redirects = await readFile(path.join(distDir, '_redirects'), 'utf8');
		const toCompare = redirects.split('\n').filter((line) => line.includes(' /compare/?tools='));
		for (const line of toCompare) {
			const [from, to, status] = line.split(' ');
			expect(status).toBe('301');
			expect(vsRoutes).not.toContain(from);
			expect(to).toMatch(/^\/compare\/\?tools=\d+,\d+$/);
		}
		expect(toCompare.length).toBeGreaterThan(0);
		const [from, to] = toCompare[0].split(' ');
		const served = await fetch(`${base}${from}`, { redirect: 'manual' });
		expect(served.status).toBe(301);
		expect(
			new URL(served.headers.get('location')!, base).pathname +
				new URL(served.headers.get('location')!, base).search,
		).toBe(to);
		for (const route of vsRoutes) {
			const page = await readPage(route);
			const documented = page.querySelectorAll('thead th a').map(
				(_, at) =>
					page.querySelectorAll('tr[data-row]').filter((tr) => {
						const key = tr.getAttribute('data-row')!;
						return (
							![
								'category',
								'partner-count',
								'partners-shared',
								'partners-only',
								'sources',
							].includes(key) && !tr.querySelectorAll('td')[at].text.includes('not documented yet')
						);
					}).length,
			);
			const differs = page.querySelectorAll('.compare__differs-mark').length;
			expect(Math.min(...documented) >= 3 || differs > 0, route).toBe(true);
		}
	});

	it('are linked from both tool pages under "Compared with"', async () => {
		for (const name of ['Quarry Takeoff', 'Wren Estimator']) {
			const page = await readPage(`/app/${idOf.get(name)}/`);
			const links = page.querySelectorAll('.compared a').map((a) => a.getAttribute('href'));
			expect(links).toContain(VS);
		}
	});

	it('the reverse address redirects (Netlify _redirects and npm start); an unknown pair is a 404 with a way back', async () => {
		const redirects = await readFile(path.join(distDir, '_redirects'), 'utf8');
		expect(redirects).toContain(`/compare/wren-estimator-vs-quarry-takeoff/ ${VS} 301`);
		// One reverse address per page, two addresses per related pair without one.
		const lines = redirects.split('\n').filter((line) => line && !line.startsWith('#'));
		expect(lines.filter((line) => !line.includes('/compare/?tools='))).toHaveLength(
			vsRoutes.length,
		);
		const reverse = await fetch(`${base}/compare/wren-estimator-vs-quarry-takeoff/`, {
			redirect: 'manual',
		});
		expect(reverse.status).toBe(301);
		expect(new URL(reverse.headers.get('location')!, base).pathname).toBe(VS);
		const unknown = await fetch(`${base}/compare/heron-crews-vs-kestrel-schedules/`);
		expect(unknown.status).toBe(404);
		const body = await unknown.text();
		expect(body).toContain('Compared with');
		expect(body).toMatch(/href="\/"/);
		// The redirects file is configuration, not a page.
		expect((await fetch(`${base}/_redirects`)).status).toBe(404);
	});
});
