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

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	const rows = await sql`select id, name from construction_apps`;
	await sql.end();
	idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
	vsRoutes = (await distFiles())
		.map((file) => `/${file.replace(/index\.html$/, '')}`)
		.filter((route) => /^\/compare\/.+-vs-.+\/$/.test(route));
});

describe('"At a glance" on a tool page', () => {
	it('shows every fact with its source and the day it was checked, a set read on two pages with both', async () => {
		const page = await readPage(`/app/${idOf.get('Quarry Takeoff')}/`);
		const table = page.querySelector('.glance__table')!;
		expect(table.querySelectorAll('tbody tr')).toHaveLength(15);
		const platforms = rowText(page, 'Platforms')!;
		// The values in the vocabulary's order; each page they were read on with its own date.
		expect(platforms).toMatch(/^Platforms ?Web browser, iPhone \(iOS\), iPad \(iPadOS\)/);
		expect(platforms).toMatch(/apps\.apple\.com.*checked 4 Nov 2026/);
		expect(platforms).toMatch(/quarrytakeoff\.example\.com.*checked 3 Nov 2026/);
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

	it('says what nobody has read yet is not documented yet', async () => {
		const page = await readPage(`/app/${idOf.get('Lark Notes')}/`);
		const unknown = page.querySelectorAll('.glance__table tbody tr.glance__unknown');
		expect(unknown).toHaveLength(13);
		for (const row of unknown) expect(row.text).toContain('not documented yet');
		expect(page.querySelector('.glance__intro')!.text).toMatch(/2 of 15 facts/);
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

	it('put the facts side by side, differences first, with reasons drawn from documented differences', async () => {
		const page = await readPage(VS);
		expect(page.querySelector('h1')!.text.replace(/\s+/g, ' ')).toBe(
			'Quarry Takeoff vs Wren Estimator',
		);
		const pricing = page
			.querySelectorAll('tbody')
			.find((body) => body.querySelector('.vs__group')?.text.includes('Pricing'))!;
		const labels = pricing
			.querySelectorAll('tr.vs__row th')
			.map((th) => th.text.replace('differs', '').trim());
		// Pricing model and starting price differ; the free version and trial are the same.
		expect(labels.slice(0, 2)).toEqual(['Pricing model', 'Starting price']);
		expect(labels.slice(2)).toEqual(['Free version', 'Free trial']);
		const reasons = page.querySelectorAll('.vs__reasons');
		expect(reasons[0].text).toMatch(/you need it on iPad \(iPadOS\)/);
		expect(reasons[0].text).toMatch(/you use Kestrel Schedules/);
		expect(reasons[1].text).toMatch(/you need it on Android/);
		expect(reasons[1].text).toMatch(/your crews work without a connection/);
		// Integrations: Heron Crews is shared; each has one of its own.
		const partners = page.querySelector('.vs__partners')!.text.replace(/\s+/g, ' ');
		expect(partners).toMatch(/Both work with\s*Heron Crews/);
		// Every source, with the day it was read.
		const sources = page.querySelectorAll('.vs__sources li');
		expect(sources.length).toBeGreaterThan(10);
		for (const source of sources) expect(source.text).toMatch(/checked \d{1,2} \w{3,4} 2026/);
		const [list] = jsonLd(page);
		expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
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
		expect(redirects.split('\n').filter((line) => line && !line.startsWith('#'))).toHaveLength(
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
