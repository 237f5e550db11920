// The built site (dist/), made by netlify serve from the test database in global-setup.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { GRID_PAGE_SIZE } from '../../src/lib/grid-window.ts';
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
		expect(pages.sort()).toEqual(live.map((tool) => `app/${tool.id}/index.html`).sort());
	});
});

describe('home grid', () => {
	it('lists every live tool once, in case-insensitive name order, linking to its page', async () => {
		const home = await readPage('/');
		// The first page of cards is rendered; the rest wait, in order, in the grid's template.
		const cards = home.querySelectorAll('#tool-grid > li, #tool-grid-more > li');
		expect(home.querySelectorAll('#tool-grid > li')).toHaveLength(
			Math.min(GRID_PAGE_SIZE, live.length),
		);
		expect(live.length).toBeGreaterThan(GRID_PAGE_SIZE);
		expect(cards.map((card) => card.querySelector('.card__name')?.text)).toEqual(
			live.map((tool) => tool.name),
		);
		expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(
			live.map((tool) => `/app/${tool.id}/`),
		);
	});

	it('has the search box with the spec placeholder', async () => {
		const input = (await readPage('/')).querySelector('input[type=search]');
		expect(input?.getAttribute('placeholder')).toBe('Search by name...');
	});

	it('sizes every logo (width 50) and loads only the first rows eagerly', async () => {
		const logos = (await readPage('/')).querySelectorAll('#tool-grid img, #tool-grid-more img');
		expect(
			logos.every(
				(img) => img.getAttribute('width') === '50' && img.getAttribute('height') === '50',
			),
		).toBe(true);
		expect(logos.slice(0, 8).every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
		expect(logos.slice(8).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
		expect(
			logos.every(
				(img) => !/[?&]|:\d+|\/path/.test(img.getAttribute('src')!.split('/').slice(3).join('/')),
			),
		).toBe(true);
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
