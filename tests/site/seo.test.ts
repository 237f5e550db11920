// Search engines and sharing, read from the built site (dist/) that global-setup made.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FILTER_OPTIONS } from '../../src/features/facts/fact-filters.ts';
import { CATEGORIES, CATEGORY_SLUGS } from '../../src/lib/categories.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';
import { schemaProblems } from '../helpers/schema-org.ts';

const base = inject('baseUrl');
const fixtures = inject('fixtureTools');
type JsonLdNode = Record<string, unknown>;
type LiveTool = { id: string; name: string; url: string; category: string };
let live: LiveTool[];
/** Every built page by its address, e.g. `/`, `/app/3/`, `/404.html`. */
let pages: Map<string, HTMLElement>;

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	live = await sql`select id::text, name, url, category from construction_apps
		where status = 'live' and name <> '' and name <> all(${[fixtures.unusable.badScheme, fixtures.unusable.badHost]})
		order by lower(name), name, id`;
	await sql.end();
	const routes = (await distFiles())
		.filter((file) => file.endsWith('.html'))
		.map((file) => `/${file.replace(/index\.html$/, '')}`);
	pages = new Map(await Promise.all(routes.map(async (r) => [r, await readPage(r)] as const)));
});

const meta = (page: HTMLElement, key: string) =>
	page.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
const jsonLd = (page: HTMLElement) =>
	page
		.querySelectorAll('script[type="application/ld+json"]')
		.flatMap((script): JsonLdNode[] => [JSON.parse(script.textContent)].flat());
// The 404 and the embeddable views (/embed/…, for other sites' iframes) stay out of search results.
const noindex = (page: HTMLElement) => meta(page, 'robots') === 'noindex';
const indexable = () =>
	[...pages].filter(([route, page]) => route !== '/404.html' && !noindex(page));

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(file: string) {
	const bytes = await readFile(path.join(distDir, file));
	expect(bytes.subarray(1, 4).toString()).toBe('PNG');
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

describe('every page', () => {
	it('has lang, a unique title and a meta description', () => {
		const titles = [...pages.values()].map((page) => page.querySelector('title')?.text ?? '');
		expect(new Set(titles).size).toBe(pages.size);
		for (const [route, page] of pages) {
			expect(page.querySelector('html')?.getAttribute('lang'), route).toBe('en');
			expect(meta(page, 'description')?.length, route).toBeGreaterThan(20);
			expect(meta(page, 'description')!.length, route).toBeLessThanOrEqual(160);
		}
	});

	it('has a canonical address on the configured site, except the 404, which is noindex', () => {
		for (const [route, page] of indexable()) {
			expect(page.querySelector('link[rel=canonical]')?.getAttribute('href'), route).toBe(
				`${base}${route}`,
			);
			expect(meta(page, 'og:url'), route).toBe(`${base}${route}`);
		}
		const notFound = pages.get('/404.html')!;
		expect(meta(notFound, 'robots')).toBe('noindex');
		const hidden = [...pages].filter(([, page]) => noindex(page)).map(([route]) => route);
		expect(hidden.filter((route) => !route.startsWith('/embed/'))).toEqual(['/404.html']);
		expect(notFound.querySelector('link[rel=canonical]')).toBeNull();
	});

	it('has Open Graph and Twitter cards with a 1200x630 image that exists', async () => {
		for (const [route, page] of pages) {
			expect(meta(page, 'og:title'), route).toBeTruthy();
			expect(meta(page, 'og:description'), route).toBe(meta(page, 'description'));
			expect(meta(page, 'og:image'), route).toBe(`${base}/og-image.png`);
			expect(meta(page, 'twitter:card'), route).toBe('summary_large_image');
			expect(meta(page, 'twitter:image'), route).toBe(`${base}/og-image.png`);
		}
		const image = await pngSize('og-image.png');
		expect(image).toMatchObject({ width: 1200, height: 630 });
		expect(image.bytes).toBeLessThan(100_000);
	});

	it('links a favicon set and a web manifest whose icons exist', async () => {
		const head = pages.get('/')!;
		const links = head.querySelectorAll(
			'link[rel=icon], link[rel=apple-touch-icon], link[rel=manifest]',
		);
		for (const href of links.map((link) => link.getAttribute('href')!))
			expect(existsSync(path.join(distDir, href)), href).toBe(true);
		expect(await pngSize('apple-touch-icon.png')).toMatchObject({ width: 180, height: 180 });
		const manifest = JSON.parse(await readFile(path.join(distDir, 'site.webmanifest'), 'utf8'));
		expect(manifest).toMatchObject({ name: expect.any(String), start_url: '/' });
		for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
			const [width, height] = icon.sizes.split('x').map(Number);
			expect(await pngSize(icon.src.slice(1))).toMatchObject({ width, height });
		}
	});
});

describe('JSON-LD', () => {
	it('parses wherever it appears, and uses schema.org types and properties correctly', () => {
		const described = [
			'/',
			...live.map((t) => `/app/${t.id}/`),
			...CATEGORY_SLUGS.map((s) => `/category/${s}/`),
		];
		for (const route of described)
			expect(jsonLd(pages.get(route)!).length, route).toBeGreaterThan(0);
		for (const [route, page] of pages) {
			const nodes = jsonLd(page);
			for (const node of nodes) expect(node['@context'], route).toBe('https://schema.org');
			expect(schemaProblems(nodes), route).toEqual([]);
		}
	});

	it('on the home page: WebSite with a /?q= search action, and the first tools of the grid as an ItemList', () => {
		const home = pages.get('/')!;
		const [website, list] = jsonLd(home);
		expect(website).toMatchObject({ '@type': 'WebSite', url: `${base}/` });
		expect(website.potentialAction).toMatchObject({
			'@type': 'SearchAction',
			target: { urlTemplate: `${base}/?q={search_term_string}` },
			'query-input': 'required name=search_term_string',
		});
		// Bounded: the first 50 tools of the grid, not the whole catalogue (50,000 would be megabytes).
		const first = live.slice(0, 50);
		expect(live.length).toBeGreaterThan(first.length);
		expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: first.length });
		expect((list.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
			first.map((tool) => `${base}/app/${tool.id}/`),
		);
	});

	it('on tool pages: SoftwareApplication with name, url, description and category', () => {
		for (const tool of live) {
			const [app] = jsonLd(pages.get(`/app/${tool.id}/`)!);
			expect(app).toMatchObject({
				'@type': 'SoftwareApplication',
				name: tool.name,
				url: new URL(tool.url).href,
				applicationCategory: 'BusinessApplication',
				mainEntityOfPage: `${base}/app/${tool.id}/`,
			});
			// The category first, then the jobs it "also does" (facts) when a vendor page shows them.
			expect([app.applicationSubCategory].flat()[0]).toBe(
				CATEGORIES.get(tool.category as never)!.label,
			);
		}
	});

	it('escapes text that would close the script early', async () => {
		const tool = live.find((t) => t.name === fixtures.scriptInText.name)!;
		const html = await readFile(path.join(distDir, `app/${tool.id}/index.html`), 'utf8');
		const blocks = html.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g)!;
		expect(blocks).toHaveLength(1);
		expect(JSON.parse(blocks[0].replace(/^<script[^>]*>|<\/script>$/g, ''))).toMatchObject({
			name: fixtures.scriptInText.name,
			description: fixtures.scriptInText.description,
		});
	});
});

describe('category pages', () => {
	it.each(CATEGORY_SLUGS)(
		'/category/%s/ has its heading, description, grid and ItemList',
		(slug) => {
			const page = pages.get(`/category/${slug}/`)!;
			const { label, description } = CATEGORIES.get(slug)!;
			expect(page.querySelector('h1')?.text).toBe(label);
			expect(page.querySelector('main')?.text).toContain(description);
			const expected = live.filter((tool) => tool.category === slug).map((t) => `/app/${t.id}/`);
			const cards = page
				.querySelectorAll('#tool-grid li.card > a')
				.map((a) => a.getAttribute('href'));
			expect(cards).toEqual(expected);
			// The ItemList names them, then the tools that also do the job (fact-filters.test.ts).
			const [list] = jsonLd(page);
			expect(
				(list.itemListElement as { url: string }[]).map((i) => i.url).slice(0, expected.length),
			).toEqual(expected.map((route) => `${base}${route}`));
		},
	);
});

describe('sitemap and robots.txt', () => {
	it('the sitemap lists every page to be found (home, tools, categories, /newapp/) and nothing else', async () => {
		const index = await readFile(path.join(distDir, 'sitemap-index.xml'), 'utf8');
		const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
		const locs: string[] = [];
		for (const sitemap of sitemaps) {
			expect(sitemap.startsWith(`${base}/`)).toBe(true);
			const xml = await readFile(path.join(distDir, new URL(sitemap).pathname), 'utf8');
			locs.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
		}
		const expected = [
			'/',
			...live.map((tool) => `/app/${tool.id}/`),
			...CATEGORY_SLUGS.map((slug) => `/category/${slug}/`),
			// A page per capability of a category that some tool states (capabilities.test.ts).
			...[...pages.keys()].filter((route) => /^\/category\/[\w-]+\/[\w-]+\/$/.test(route)),
			...(pages.has('/newapp/') ? ['/newapp/'] : []),
			// The integration map and a page per connected tool (which ones: integrations.test.ts).
			...[...pages.keys()].filter((route) => route.startsWith('/integrations/')),
			// The compare page and the "A vs B" pages (which ones: compare tests).
			...[...pages.keys()].filter((route) => route.startsWith('/compare/')),
			// The stack page (its data files are not pages).
			'/stack/',
			// The newsletter's archive and its sent issues (tests/newsletter/site-fixtures.ts: one).
			...[...pages.keys()].filter((route) => /^\/newsletter\/(\d+\/)?$/.test(route)),
			// The market map (its embeddable views are not for search results).
			'/landscape/',
			// The directory in numbers.
			'/stats/',
			// What the open data files hold (the files themselves are not pages).
			'/data/',
			// The change log of the published data.
			'/changes/',
			// A page per fact filter value with a tool (which ones: fact-filters.test.ts).
			...FILTER_OPTIONS.map(({ option }) => option.path).filter((route) => pages.has(route)),
		];
		expect(locs.sort()).toEqual(expected.map((route) => `${base}${route}`).sort());
	});

	it('robots.txt allows crawling and points to the sitemap', async () => {
		const robots = await readFile(path.join(distDir, 'robots.txt'), 'utf8');
		expect(robots).toMatch(/^User-agent: \*$/m);
		expect(robots).not.toMatch(/^Disallow: \/$/m);
		expect(robots).toMatch(new RegExp(`^Sitemap: ${base}/sitemap-index\\.xml$`, 'm'));
	});
});
