// The market map on the built site (dist/): every live tool once per placement, the filter
// links, the links to it, and what it costs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SyntaxValidator } from 'fast-xml-validator';
import type { HTMLElement } from 'node-html-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pagePayload } from '../../bench/page-payload.ts';
import { escapeXml } from '../../src/features/integrations/map-svg.ts';
import { PHASES } from '../../src/features/landscape/phases.ts';
import { readNetlifyToml } from '../../src/server/netlify-toml.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';

const base = inject('baseUrl');
const fixtures = inject('fixtureTools');
let tools: ListedTool[];
let page: HTMLElement;

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	({ tools } = await listedTools(sql, [fixtures.unusable.badScheme, fixtures.unusable.badHost]));
	await sql.end();
	page = await readPage('/landscape/');
});

/** Each tile of the map: the category it is in, its tool id and whether it is a second placement. */
const tiles = (root: HTMLElement) =>
	root.querySelectorAll('#landscape .landscape__category').flatMap((section) =>
		section.querySelectorAll('li[data-id]').map((li) => ({
			category: section.getAttribute('aria-labelledby')!.replace(/^lc-/, ''),
			id: li
				.querySelector('a')!
				.getAttribute('href')!
				.match(/^\/app\/(\d+)\/$/)![1],
			also: li.classList.contains('also'),
			// The name and its note, not a deferred logo's <noscript> markup.
			name: li
				.querySelector('a')!
				.text.replace(/<img[^>]*>/, '')
				.trim(),
		})),
	);

describe('the market map', () => {
	it('shows every live tool once in its category and once, marked, in each it also does', () => {
		const shown = tiles(page);
		const expected = tools
			.flatMap((tool) =>
				tool.categories.map((category, at) => `${tool.id} ${category} ${at > 0 ? 'also' : 'own'}`),
			)
			.sort();
		expect(shown.map((t) => `${t.id} ${t.category} ${t.also ? 'also' : 'own'}`).sort()).toEqual(
			expected,
		);
		expect(shown.some((t) => t.also)).toBe(true);
		// A second placement says so to a screen reader too.
		expect(shown.filter((t) => t.also).every((t) => t.name.endsWith('(also does this)'))).toBe(
			true,
		);
	});

	it('never shows an unpublished tool', () => {
		expect(page.text).not.toContain(fixtures.unpublished);
	});

	it('groups the categories under the lifecycle phases, in order', () => {
		const phases = page.querySelectorAll('#landscape > section');
		expect(phases.map((section) => section.querySelector('h2')!.text.trim())).toEqual(
			PHASES.map((phase) => phase.label),
		);
		phases.forEach((section, at) =>
			expect(
				section
					.querySelectorAll('.landscape__category')
					.map((c) => c.getAttribute('aria-labelledby')),
			).toEqual(PHASES[at].categories.map((slug) => `lc-${slug}`)),
		);
	});

	it('offers the fact and works-with filters as links to the existing filter pages', async () => {
		const links = page.querySelectorAll('a[data-param]');
		expect(links.length).toBeGreaterThan(5);
		for (const link of links) {
			const href = link.getAttribute('href')!;
			const file = path.join(distDir, href, 'index.html');
			await expect(readFile(file), href).resolves.toBeTruthy();
		}
		expect(links.some((link) => link.getAttribute('href') === '/platform/android/')).toBe(true);
		expect(links.some((link) => link.getAttribute('data-param') === 'works_with')).toBe(true);
	});

	it('is linked from the header of every page and from the home page', async () => {
		for (const route of ['/', '/app/1/', '/integrations/']) {
			const header = (await readPage(route)).querySelector('header');
			expect(header?.querySelector('a[href="/landscape/"]')?.text, route).toBe('Market map');
		}
		const main = (await readPage('/')).querySelector('main')!;
		expect(main.querySelector('a[href="/landscape/"]')).not.toBeNull();
	});

	it('is in the sitemap', async () => {
		const xml = await readFile(path.join(distDir, 'sitemap-0.xml'), 'utf8');
		expect(xml).toContain(`<loc>${base}/landscape/</loc>`);
	});

	it('keeps within its budgets: own JS <= 4 KB gzip, no React, <= 120 B gzip per tile', async () => {
		const payload = await pagePayload(distDir, '/landscape/');
		expect(payload.jsGzipReact).toBe(0);
		expect(payload.jsGzipOwn).toBeGreaterThan(0);
		expect(payload.jsGzipOwn).toBeLessThanOrEqual(4096);
		const map = page.querySelector('#landscape')!.toString();
		const count = tiles(page).length;
		const perTile = gzipSync(map, { level: 6 }).length / count;
		console.log(
			`[landscape] ${count} tiles, map ${gzipSync(map).length} B gzip (${perTile.toFixed(1)} B a tile), own JS ${payload.jsGzipOwn} B gzip, page ${payload.htmlGzip} B gzip`,
		);
		expect(perTile).toBeLessThanOrEqual(120);
	});
});

describe('the market map as pictures and as an embed', () => {
	const titles = (svg: string) =>
		[...svg.matchAll(/<g><title>([^<]*)<\/title>/g)].map((m) =>
			m[1]
				.replaceAll('&amp;', '&')
				.replaceAll('&lt;', '<')
				.replaceAll('&gt;', '>')
				.replaceAll('&quot;', '"')
				.replaceAll('&#39;', "'"),
		);
	const placementNames = (filter: (t: ReturnType<typeof tiles>[number]) => boolean = () => true) =>
		tiles(page)
			.filter(filter)
			.map((t) => t.name)
			.sort();

	it('/landscape.svg parses, names every placement, and carries the date, site and licence', async () => {
		const svg = await readFile(path.join(distDir, 'landscape.svg'), 'utf8');
		expect(SyntaxValidator.validate(svg)).toBe(true);
		expect(titles(svg).sort()).toEqual(placementNames());
		for (const tool of tools) expect(svg).toContain(`<title>${escapeXml(tool.name)}`);
		expect(svg).toContain('CC BY 4.0');
		expect(svg).toContain('ConTech Directory');
		expect(svg).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/);
		// The cached WebP logos, embedded; no address outside the picture.
		expect(svg).toContain('data:image/webp;base64,');
		expect(svg).not.toMatch(/href='(?!data:)/);
	});

	it("a category's picture names that category's placements only", async () => {
		const svg = await readFile(
			path.join(distDir, 'category/field-management/landscape.svg'),
			'utf8',
		);
		expect(SyntaxValidator.validate(svg)).toBe(true);
		expect(titles(svg).sort()).toEqual(placementNames((t) => t.category === 'field-management'));
	});

	it('/landscape.png decodes at 1920 px wide, as tall as the SVG', async () => {
		const png = await readFile(path.join(distDir, 'landscape.png'));
		const meta = await sharp(png).metadata();
		const svg = await readFile(path.join(distDir, 'landscape.svg'), 'utf8');
		expect(meta.format).toBe('png');
		expect(meta.width).toBe(1920);
		expect(meta.height).toBe(Number(svg.match(/height='(\d+)'/)![1]));
		// Not a blank canvas: its logos and text drew.
		const { channels } = await sharp(png).stats();
		expect(channels[0].min).toBeLessThan(100);
	});

	it('/embed/landscape/ holds the whole map, links open the site in the top window', async () => {
		const embed = await readPage('/embed/landscape/');
		expect(tiles(embed).length).toBe(tiles(page).length);
		expect(
			embed.querySelectorAll('#landscape a').every((a) => a.getAttribute('target') === '_top'),
		).toBe(true);
		expect(embed.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
		expect(embed.querySelector('header')).toBeNull();
		expect(embed.text).toContain('CC BY 4.0');
		const one = await readPage('/embed/landscape/estimating/');
		expect(new Set(tiles(one).map((t) => t.category))).toEqual(new Set(['estimating']));
		const xml = await readFile(path.join(distDir, 'sitemap-0.xml'), 'utf8');
		expect(xml).not.toContain('/embed/');
	});

	it('lets other sites frame /embed/ only, in netlify.toml and on npm start', async () => {
		const config = readNetlifyToml();
		const ancestors = (headers: Record<string, string>) =>
			headers['Content-Security-Policy'].match(/frame-ancestors ([^;]+)/)![1];
		expect(ancestors(config.headersFor('/embed/landscape/'))).toBe('*');
		expect(ancestors(config.headersFor('/embed/landscape/estimating/'))).toBe('*');
		for (const route of ['/', '/landscape/', '/app/1/', '/landscape.svg', '/embedded/'])
			expect(ancestors(config.headersFor(route)), route).toBe("'none'");
		// No X-Frame-Options: DENY beside frame-ancestors * (a rule cannot take a header away, so
		// none is sent anywhere; record 0027).
		expect(config.headersFor('/embed/landscape/')['X-Frame-Options']).toBeUndefined();
		const served = async (route: string) =>
			(await fetch(`${base}${route}`)).headers.get('content-security-policy')!;
		expect(await served('/embed/landscape/')).toContain('frame-ancestors *');
		expect(await served('/landscape/')).toContain("frame-ancestors 'none'");
	});
});
