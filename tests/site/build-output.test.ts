// The built site (dist/), made by netlify serve from the test database in global-setup.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { parse } from 'node-html-parser';
import {
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
	GRID_DORMANT_ATTRIBUTE,
	GRID_SECTION_SIZE,
	HOME_GRID_ID,
} from '../../src/features/search/grid-markup.ts';
import { CATEGORY_SLUGS } from '../../src/lib/categories.ts';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';

const fixtures = inject('fixtureTools');
let sql: Sql;
let live: { id: string; name: string }[];

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	const unusable = Object.values(fixtures.unusable);
	live = await sql`select id::text, name from construction_apps
		where status = 'live' and name <> '' and name <> all(${[fixtures.unusable.badScheme, fixtures.unusable.badHost]})
		order by lower(name), name, id`;
	expect(unusable).toHaveLength(3);
});
afterAll(() => sql?.end());

describe('tool pages', () => {
	it('exist for every live tool, with its name, description and outbound link', async () => {
		for (const tool of live) {
			const page = await readPage(`/app/${tool.id}/`);
			expect(page.querySelector('h1')?.text).toBe(tool.name);
			const link = page.querySelectorAll('a').find((a) => a.text.includes('Check it out!'));
			expect(link?.getAttribute('target')).toBe('_blank');
			expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
			expect(link?.getAttribute('href')).toMatch(/^https?:\/\//);
		}
	});

	it('exist for nothing else', async () => {
		const pages = (await distFiles()).filter((file) => file.startsWith('app/'));
		// A live tool's page and its correction form (record 0022); nothing for any other tool.
		expect(pages.sort()).toEqual(
			live
				.flatMap((tool) => [`app/${tool.id}/index.html`, `app/${tool.id}/suggest/index.html`])
				.sort(),
		);
	});
});

describe('home grid', () => {
	it('shows every live tool as a card, once, in case-insensitive name order, linking to its page', async () => {
		const home = await readPage('/');
		const cards = home.querySelectorAll(`#${HOME_GRID_ID} ${CARD_SELECTOR}`);
		expect(cards.map((card) => card.querySelector(CARD_NAME_SELECTOR)?.text)).toEqual(
			live.map((tool) => tool.name),
		);
		expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(
			live.map((tool) => `/app/${tool.id}/`),
		);
	});

	it('hides no tool: no template, no hidden grid, section or card before a search', async () => {
		const home = await readPage('/');
		expect(home.querySelectorAll('template')).toEqual([]);
		const grid = home.querySelector(`#${HOME_GRID_ID}`)!;
		expect(grid.querySelectorAll('[hidden]')).toEqual([]);
		expect(grid.hasAttribute('hidden')).toBe(false);
		expect(grid.hasAttribute(GRID_DORMANT_ATTRIBUTE)).toBe(false);
		// Sections of the grid, each full but the last, together holding every card.
		const sizes = grid
			.querySelectorAll(':scope > ul')
			.map((ul) => ul.querySelectorAll('li').length);
		expect(sizes.slice(0, -1).every((size) => size === GRID_SECTION_SIZE)).toBe(true);
		expect(sizes.reduce((a, b) => a + b, 0)).toBe(live.length);
		expect(live.length).toBeGreaterThan(GRID_SECTION_SIZE);
	});

	it('has the search box with the spec placeholder, submitting to /?q= without JavaScript', async () => {
		const home = await readPage('/');
		const input = home.querySelector('input[type=search]');
		expect(input?.getAttribute('placeholder')).toBe('Search by name...');
		expect(input?.getAttribute('name')).toBe('q');
		const form = home.querySelector('form[role=search]');
		expect(form?.getAttribute('action')).toBe('/');
		expect(form?.getAttribute('method')).toBe('get');
		expect(home.querySelector('noscript')?.text).toMatch(/filtering need JavaScript/);
	});

	it('has category chips that are links to the category pages', async () => {
		const chips = (await readPage('/')).querySelectorAll(
			'[aria-label="Filter by category"] a.chip',
		);
		expect(chips.map((chip) => chip.getAttribute('href'))).toEqual([
			'/',
			...CATEGORY_SLUGS.map((slug) => `/category/${slug}/`),
		]);
		expect((await readPage('/')).querySelectorAll('.chips button')).toEqual([]);
	});

	it('gives every card its monogram and, where the build found a logo, the site’s own 50 px image: eager in the first rows, deferred to the script after the first section', async () => {
		const grid = (await readPage('/')).querySelector(`#${HOME_GRID_ID}`)!;
		const cards = grid.querySelectorAll(CARD_SELECTOR);
		// After the first section the image is inside <noscript> (markup the parser keeps as text).
		const logos = cards.map((card, index) => {
			const box = card.querySelector('.logo')!;
			const deferred = box.querySelector('noscript');
			const img = box.querySelector('img') ?? parse(deferred?.text ?? '').querySelector('img');
			return { index, monogram: box.getAttribute('data-monogram'), img, deferred: !!deferred };
		});
		expect(logos.filter(({ monogram }) => !/^\S{1,2}$/.test(monogram ?? ''))).toEqual([]);
		const withImage = logos.filter(({ img }) => img);
		// The stand-in logo service knows six hosts (tests/helpers/logo-server.ts), spread so that
		// each kind of logo is here: eager, lazy in the first section, deferred after it.
		expect(withImage).toHaveLength(6);
		expect(withImage.some(({ index }) => index < 8)).toBe(true);
		expect(withImage.some(({ index }) => index >= 8 && index < GRID_SECTION_SIZE)).toBe(true);
		expect(withImage.some(({ index }) => index >= GRID_SECTION_SIZE)).toBe(true);
		for (const { index, img, deferred } of withImage) {
			const name = /^\/logos\/([0-9a-f]{12})-50\.webp$/.exec(img!.getAttribute('src')!)?.[1];
			expect(name, img!.toString()).toBeDefined();
			expect(img!.getAttribute('srcset')).toBe(`/logos/${name}-100.webp 2x`);
			expect([img!.getAttribute('width'), img!.getAttribute('height')]).toEqual(['50', '50']);
			expect(img!.getAttribute('loading')).toBe(index < 8 ? 'eager' : 'lazy');
			expect(deferred).toBe(index >= GRID_SECTION_SIZE);
		}
		// A card without a logo has nothing but its monogram: no image, no <noscript>.
		expect(logos.filter(({ img, deferred }) => !img && deferred)).toEqual([]);
	});
});

describe('unusable and unpublished rows', () => {
	it('are left out of every page and never become links', async () => {
		const html = (
			await Promise.all(
				(await distFiles())
					.filter((f) => f.endsWith('.html'))
					.map((f) => readFile(path.join(distDir, f), 'utf8')),
			)
		).join('\n');
		expect(html).not.toContain(fixtures.unpublished);
		expect(html).not.toContain(fixtures.unusable.badScheme);
		expect(html).not.toContain(fixtures.unusable.badHost);
		expect(html).not.toContain(fixtures.unusable.noName);
		expect(html).not.toMatch(/href="\s*javascript:/i);
	});

	it('are named in the build log as warnings', () => {
		const log = inject('buildLog');
		expect(log).toContain(`left out construction_apps row`);
		expect(log).toContain(`name="${fixtures.unusable.badScheme}"`);
		expect(log).toContain(`name="${fixtures.unusable.badHost}"`);
		expect(log).toMatch(/name="".*has no name/);
	});
});

describe('404 page', () => {
	it('exists with a way home', async () => {
		const page = await readPage('/404.html');
		expect(page.querySelector('h1')?.text).toBe('Page not found');
		expect(
			page
				.querySelectorAll('a')
				.some((a) => a.getAttribute('href') === '/' && /tools/i.test(a.text)),
		).toBe(true);
	});
});
