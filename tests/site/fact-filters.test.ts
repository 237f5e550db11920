// The fact filters on the built site (dist/): a page per value that lists any tool, the home
// page's panel and card tokens, category pages with the tools that also do their job, and the
// compare ticks' form.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pagePayload } from '../../bench/page-payload.ts';
import {
	cardCategories,
	FILTER_OPTIONS,
	filterTokens,
} from '../../src/features/facts/fact-filters.ts';
import type { ToolFacts } from '../../src/features/facts/facts.ts';
import { CATEGORY_SLUGS } from '../../src/lib/categories.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';

const base = inject('baseUrl');
const fixtures = inject('fixtureTools');
let tools: ListedTool[];
let facts: Map<number, ToolFacts>;
/** Tool ids whose platforms, read straight from the table, include Android. */
let androidBySql: string[];

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	({ tools, facts } = await listedTools(sql, [
		fixtures.unusable.badScheme,
		fixtures.unusable.badHost,
	]));
	androidBySql = (
		await sql`select distinct tool_id::text as id from tool_facts
			where fact = 'platforms' and 'android' = any(value)`
	).map((row) => String(row.id));
	await sql.end();
});

const factsOf = (tool: ListedTool) => facts.get(Number(tool.id));
const keptBy = (option: (typeof FILTER_OPTIONS)[number]['option']) =>
	tools.filter((tool) => option.matches(factsOf(tool)));
const cardLinks = (page: HTMLElement, grid = '#tool-grid') =>
	page.querySelectorAll(`${grid} li.card > a`).map((a) => a.getAttribute('href'));
const jsonLd = (page: HTMLElement) =>
	page
		.querySelectorAll('script[type="application/ld+json"]')
		.map((script) => JSON.parse(script.textContent) as Record<string, unknown>);

describe('filter pages', () => {
	it('exist for every value some listed tool has, and for no other', () => {
		const withTools = FILTER_OPTIONS.filter(({ option }) => keptBy(option).length > 0);
		expect(withTools.length).toBeGreaterThan(10);
		for (const { option } of FILTER_OPTIONS)
			expect(existsSync(path.join(distDir, option.path, 'index.html')), option.path).toBe(
				keptBy(option).length > 0,
			);
	});

	it('never count an unpublished tool: its facts make no page of their own', () => {
		// The unpublished fixture alone is for heavy civil and enterprise companies.
		for (const route of ['/for/heavy-civil/', '/size/enterprise/']) {
			const option = FILTER_OPTIONS.find((entry) => entry.option.path === route)!.option;
			if (keptBy(option).length === 0)
				expect(existsSync(path.join(distDir, route, 'index.html')), route).toBe(false);
		}
	});

	it.each(FILTER_OPTIONS.map(({ group, option }) => [option.path, group, option] as const))(
		'%s lists exactly the tools with that fact, as cards, with its SEO',
		async (route, group, option) => {
			const kept = keptBy(option);
			if (kept.length === 0) return;
			const page = await readPage(route);
			const expected = kept.map((tool) => `/app/${tool.id}/`);
			expect(cardLinks(page)).toEqual(expected);
			expect(page.querySelector('h1')?.text).toBe(option.title);
			expect(page.querySelector('title')?.text).toContain(option.title);
			expect(page.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
				`${base}${route}`,
			);
			const [list] = jsonLd(page);
			expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: kept.length });
			expect((list.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
				expected.map((href) => `${base}${href}`),
			);
			// Why a tool may be missing, the group's other values, the home page with it on.
			expect(page.querySelector('main')?.text).toContain('is not documented yet is not listed');
			const others = page.querySelectorAll('.filter-page__nav a.chip');
			for (const link of others) {
				const sibling = group.options.find((o) => o.path === link.getAttribute('href'));
				expect(sibling, link.getAttribute('href')!).toBeDefined();
				expect(link.querySelector('.chip__count')?.firstChild?.text).toBe(
					String(keptBy(sibling!).length),
				);
			}
			const home = page
				.querySelectorAll('a')
				.find((a) => a.getAttribute('href') === `/?${group.param}=${option.value}`);
			expect(home).toBeDefined();
		},
	);

	it('list Android apps as the table says, never the unpublished one', async () => {
		const page = await readPage('/platform/android/');
		const ids = cardLinks(page).map((href) => href!.match(/\d+/)![0]);
		expect(ids.sort()).toEqual(
			androidBySql.filter((id) => tools.some((tool) => tool.id === id)).sort(),
		);
		expect(page.text).not.toContain(fixtures.unpublished);
		expect(ids).toContain(tools.find((tool) => tool.name === fixtures.special[0])!.id);
	});

	it('are in the sitemap', async () => {
		const xml = await readFile(path.join(distDir, 'sitemap-0.xml'), 'utf8');
		for (const { option } of FILTER_OPTIONS)
			expect(xml.includes(`<loc>${base}${option.path}</loc>`), option.path).toBe(
				keptBy(option).length > 0,
			);
	});

	it('ship no JavaScript', async () => {
		expect((await pagePayload(distDir, '/platform/android/')).scripts).toEqual([]);
	});
});

describe('the home page', () => {
	it('writes each card’s filter tokens and the categories it also does', async () => {
		const cards = (await readPage('/')).querySelectorAll('#tool-grid li.card');
		expect(cards.map((card) => card.getAttribute('data-f') ?? '')).toEqual(
			tools.map((tool) => filterTokens(factsOf(tool))),
		);
		expect(cards.map((card) => card.getAttribute('data-category'))).toEqual(
			tools.map((tool) => cardCategories(tool.category, factsOf(tool)).join(' ')),
		);
	});

	it('links every value with a tool to its page, with its count, in a disclosure', async () => {
		const panel = (await readPage('/')).querySelector('details#fact-filters')!;
		expect(panel.querySelector('summary')?.text).toBe('Filter by facts');
		const links = panel.querySelectorAll('a.chip');
		const expected = FILTER_OPTIONS.filter(({ option }) => keptBy(option).length > 0);
		expect(links.map((a) => a.getAttribute('href'))).toEqual(
			expected.map(({ option }) => option.path),
		);
		expect(links.map((a) => Number(a.querySelector('.chip__count')?.firstChild?.text))).toEqual(
			expected.map(({ option }) => keptBy(option).length),
		);
	});

	it('counts a tool under each category chip it does, as category pages list it', async () => {
		const chips = (await readPage('/')).querySelectorAll('.chips a.chip[href^="/category/"]');
		for (const slug of CATEGORY_SLUGS) {
			const chip = chips.find((a) => a.getAttribute('href') === `/category/${slug}/`)!;
			expect(chip.querySelector('.chip__count')?.firstChild?.text, slug).toBe(
				String(tools.filter((tool) => tool.categories.includes(slug)).length),
			);
		}
	});
});

describe('category pages', () => {
	it('list the tools that also do their job in a second grid, and both in the ItemList', async () => {
		const dotStar = tools.find((tool) => tool.name === fixtures.special[2])!;
		expect(dotStar.categories).toEqual(['workforce', 'field-management']);
		for (const slug of CATEGORY_SLUGS) {
			const page = await readPage(`/category/${slug}/`);
			const own = tools.filter((tool) => tool.category === slug).map((t) => `/app/${t.id}/`);
			const also = tools
				.filter((tool) => tool.category !== slug && tool.categories.includes(slug))
				.map((t) => `/app/${t.id}/`);
			expect(cardLinks(page), slug).toEqual(own);
			expect(cardLinks(page, '#also-do-grid'), slug).toEqual(also);
			const [list] = jsonLd(page);
			expect((list.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
				[...own, ...also].map((href) => `${base}${href}`),
			);
		}
		const field = await readPage('/category/field-management/');
		expect(cardLinks(field, '#also-do-grid')).toContain(`/app/${dotStar.id}/`);
	});

	it('offer the same filters, counted over their tools, on the home page with the category on', async () => {
		const slug = 'field-management';
		const page = await readPage(`/category/${slug}/`);
		const panel = page.querySelector('details.facts-panel--scripted')!;
		const here = tools.filter((tool) => tool.categories.includes(slug));
		const expected = FILTER_OPTIONS.map(({ group, option }) => ({
			href: `/?category=${slug}&${group.param}=${option.value}`,
			count: here.filter((tool) => option.matches(factsOf(tool))).length,
		})).filter((entry) => entry.count > 0);
		expect(
			panel.querySelectorAll('a.chip').map((a) => ({
				href: a.getAttribute('href'),
				count: Number(a.querySelector('.chip__count')?.firstChild?.text),
			})),
		).toEqual(expected);
		// Without scripting: the whole catalogue's filter pages.
		const noscript = page.querySelector('noscript')!.innerHTML;
		expect(noscript).toContain('href="/platform/android/"');
	});
});

describe('compare ticks', () => {
	it.each(['/', '/category/field-management/', '/platform/android/'])(
		'%s: each card has a "Compare" checkbox of the page’s GET form to /compare/',
		async (route) => {
			const page = await readPage(route);
			const form = page.querySelector('form#compare')!;
			expect(form.getAttribute('action')).toBe('/compare/');
			expect(form.getAttribute('method')).toBe('get');
			const cards = page.querySelectorAll('li.card');
			expect(cards.length).toBeGreaterThan(0);
			for (const card of cards) {
				const box = card.querySelector('input[type=checkbox]')!;
				const id = card.querySelector('a')!.getAttribute('href')!.match(/\d+/)![0];
				expect(box.getAttribute('name')).toBe('tools');
				expect(box.getAttribute('value')).toBe(id);
				expect(box.getAttribute('form')).toBe('compare');
				const name = card.querySelector('.card__name')!.text;
				expect(box.getAttribute('aria-label')).toBe(`Compare ${name}`);
			}
		},
	);
});
