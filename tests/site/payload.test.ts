// What the built pages send a browser, checked structurally (sizes and timings are for
// `npm run bench`): each tool once on the home page, no catalogue in island props, and no
// JavaScript at all on pages without an island.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets.ts';
import { pagePayload } from '../../bench/page-payload.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';

const fixtures = inject('fixtureTools');
let sql: Sql;
let live: { id: string; name: string; url: string }[];

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	live = await sql`select id::text, name, url from construction_apps where status = 'live'
		and name <> '' and name <> all(${[fixtures.unusable.badScheme, fixtures.unusable.badHost]})`;
});
afterAll(() => sql?.end());

describe('home page', () => {
	it('holds each live tool once: one card, one link', async () => {
		const home = await pagePayload(distDir, '/');
		expect(home.cards).toBe(live.length);
		expect(home.distinctToolLinks).toBe(live.length);
	});

	it('gives its islands no catalogue data: only the taxonomy, counts and settings', async () => {
		const islands = (await readPage('/')).querySelectorAll('astro-island');
		expect(islands.map((island) => island.getAttribute('component-export'))).toHaveLength(2);
		const props = islands.map((island) => island.getAttribute('props') ?? '').join('\n');
		// Long, distinctive names and hosts; short ones (e.g. "Bolt") could be ordinary words.
		for (const tool of live.filter((t) => t.name.length > 12)) {
			expect(props).not.toContain(tool.name);
		}
		for (const tool of live) expect(props).not.toContain(new URL(tool.url).host);
		expect(props).not.toMatch(/\/app\/\d+\//);
	});
});

describe('JavaScript on the home page', () => {
	it("stays within DESIGN.md's budget: React's chunk plus at most 8 KB gzip of the site's own code", async () => {
		const home = await pagePayload(distDir, '/');
		expect(home.jsGzipReact).toBeGreaterThan(0);
		expect(home.jsGzipOwn).toBeLessThanOrEqual(BUDGETS.homeOwnJsGzip);
	});

	it('leaves the toast library and the posting code until a visitor uses a form', async () => {
		const { scripts } = await pagePayload(distDir, '/');
		const code = await Promise.all(
			scripts
				.filter((script) => script.file.startsWith('/'))
				.map((script) => readFile(path.join(distDir, script.file), 'utf8')),
		);
		expect(code.join('\n')).not.toContain('Toastify__');
		expect(code.join('\n')).toMatch(/import\(["'`]\.\/submission\.[\w-]+\.js["'`]\)/);
		// astro.config.mjs's lazyImportsWithoutPreload: a lazy import is the import, without
		// Vite's preload helper (0.7 KB gzip) and its list of chunks the page already has.
		expect(code.join('\n')).not.toMatch(/__vite__mapDeps|vite:preloadError/);
	});
});

describe('pages without an island', () => {
	it.each(['/app/1/', '/category/estimating/', '/newapp/thanks/', '/newsletter/thanks/'])(
		'%s ships no JavaScript',
		async (route) => {
			const page = await pagePayload(distDir, route);
			expect(page.scripts).toEqual([]);
		},
	);

	it('the 404 page ships no JavaScript', async () => {
		const html = (await readPage('/404.html')).querySelectorAll('script');
		expect(html.filter((s) => s.getAttribute('type') !== 'application/ld+json')).toEqual([]);
	});
});
