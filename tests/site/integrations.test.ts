// Integrations in the built site (dist/ from global-setup, with the fixture pairs of
// fixtures.ts): the tool page's "Works with", a page per connected tool, the map.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAP_NODE_LIMIT } from '../../src/features/integrations/map-layout.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';

const fixtures = inject('fixtureTools');
const { hub, note, partners, withProcore } = fixtures.integrations;
let idOf: Map<string, number>;
/** Live tool id → ids of its live partners, as anon reads them (what the build must show). */
let partnersOf: Map<number, Set<number>>;

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	const tools = await sql`select id, name from construction_apps`;
	idOf = new Map(tools.map((row) => [String(row.name), Number(row.id)]));
	const pairs = await sql.begin(async (tx) => {
		await tx`set local role anon`;
		return tx`select tool_low_id, tool_high_id from tool_integrations`;
	});
	await sql.end();
	partnersOf = new Map();
	for (const { tool_low_id, tool_high_id } of pairs) {
		const [a, b] = [Number(tool_low_id), Number(tool_high_id)];
		if (!partnersOf.has(a)) partnersOf.set(a, new Set());
		if (!partnersOf.has(b)) partnersOf.set(b, new Set());
		partnersOf.get(a)!.add(b);
		partnersOf.get(b)!.add(a);
	}
});

const id = (name: string) => idOf.get(name)!;
const pageExists = (route: string) => existsSync(path.join(distDir, route, 'index.html'));
const scripts = (page: HTMLElement) =>
	page.querySelectorAll('script').filter((s) => s.getAttribute('type') !== 'application/ld+json');
const jsonLd = (page: HTMLElement) =>
	page.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent));

describe('tool page "Works with"', () => {
	it("lists the hub's live partners with logo, kind, note, page link and source link", async () => {
		const page = await readPage(`/app/${id(hub)}/`);
		const section = page.querySelector('section[aria-labelledby="works-with-heading"]')!;
		expect(section.querySelector('h2')!.text).toBe('Works with');
		expect(section.text).toContain(`${hub} works with 3 tools in this directory.`);
		const items = section.querySelectorAll('li');
		const live = partners.filter((name) => name !== fixtures.unpublished);
		expect(
			items.map((item) => item.querySelector('.works-with__name')!.text.trim()).sort(),
		).toEqual([...live].sort());
		for (const item of items) {
			const name = item.querySelector('.works-with__name')!;
			expect(name.getAttribute('href')).toBe(`/app/${id(name.text.trim())}/`);
			expect(pageExists(name.getAttribute('href')!)).toBe(true);
			expect(item.querySelector('.logo')!.getAttribute('data-monogram')).toMatch(/^\S{1,2}$/);
			expect(item.querySelector('.works-with__kind')!.text).toBe('Native integration');
			// The note is text, never markup.
			expect(item.querySelector('.works-with__note')!.text).toBe(note);
			expect(item.querySelector('.works-with__note b')).toBeNull();
			const source = item.querySelector('a.works-with__source')!;
			expect(source.getAttribute('href')).toBe('https://fixture.example.com/integrations');
			expect(source.getAttribute('rel')).toBe('noopener noreferrer');
		}
		expect(section.text).not.toContain(fixtures.unpublished);
		const more = section.querySelector(`a[href="/integrations/${id(hub)}/"]`);
		expect(more).not.toBeNull();
		expect(scripts(page)).toEqual([]);
	});

	it('shows a pair from both sides, with its own kind', async () => {
		const page = await readPage(`/app/${id(withProcore)}/`);
		const items = page.querySelectorAll('.works-with__item');
		const procore = items.find(
			(item) => item.querySelector('.works-with__name')!.text.trim() === 'Procore',
		)!;
		expect(procore.querySelector('.works-with__kind')!.text).toBe('Marketplace app');
		expect(procore.querySelector('.works-with__note')).toBeNull();
		expect(page.querySelector('.works-with__count')!.text).toContain(
			`works with ${partnersOf.get(id(withProcore))!.size} tools`,
		);
		const procorePage = await readPage(`/app/${id('Procore')}/`);
		expect(
			procorePage.querySelector(`.works-with a[href="/app/${id(withProcore)}/"]`),
		).not.toBeNull();
	});

	it('is left out for a tool with no partners', async () => {
		const page = await readPage(`/app/${id(fixtures.scriptInText.name)}/`);
		expect(page.querySelector('#works-with-heading')).toBeNull();
		expect(pageExists(`/integrations/${id(fixtures.scriptInText.name)}/`)).toBe(false);
	});
});

describe('a page per connected tool', () => {
	it('exists for exactly the live tools with a live partner', async () => {
		const built = (await distFiles())
			.map((file) => /^integrations\/(\d+)\/index\.html$/.exec(file)?.[1])
			.filter(Boolean)
			.map(Number);
		expect(built.sort()).toEqual([...partnersOf.keys()].sort());
		expect(built).not.toContain(id(fixtures.unpublished));
	});

	it('lists the partners as home-page cards, grouped by category, with title, canonical and JSON-LD', async () => {
		const route = `/integrations/${id(hub)}/`;
		const page = await readPage(route);
		expect(page.querySelector('h1')!.text).toBe(`Tools that work with ${hub}`);
		expect(page.querySelector('title')!.text).toMatch(
			new RegExp(`^Tools that work with ${hub} \\|`),
		);
		expect(page.querySelector('meta[name=description]')!.getAttribute('content')).toMatch(
			/^3 tools that integrate with/,
		);
		expect(page.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(
			`${inject('baseUrl')}${route}`,
		);
		// Category order of the taxonomy: estimating, scheduling, workforce.
		expect(page.querySelectorAll('main h2').map((h) => h.text.replace(/\s*\(\d+\)$/, ''))).toEqual([
			'Estimating & Takeoff',
			'Scheduling & Planning',
			'Workforce & Payroll',
		]);
		const cards = page.querySelectorAll('ul.grid li.card a.card__link');
		expect(cards.map((card) => card.getAttribute('href')).sort()).toEqual(
			[...partnersOf.get(id(hub))!].map((partner) => `/app/${partner}/`).sort(),
		);
		const [list] = jsonLd(page);
		expect(list['@type']).toBe('ItemList');
		expect(list.numberOfItems).toBe(3);
		expect(page.text).not.toContain(fixtures.unpublished);
		expect(scripts(page)).toEqual([]);
	});
});

describe('the integration map', () => {
	it('draws every connected tool as a link to its existing page, and ships no JavaScript', async () => {
		const page = await readPage('/integrations/');
		const nodes = page.querySelectorAll('figure svg a');
		// The most connected part when there are more connected tools than the map draws.
		expect(nodes.length).toBe(Math.min(partnersOf.size, MAP_NODE_LIMIT));
		expect(
			page.text.replace(/\s+/g, ' ').includes(`The map shows the ${MAP_NODE_LIMIT} most connected`),
		).toBe(partnersOf.size > MAP_NODE_LIMIT);
		for (const node of nodes) {
			const href = node.getAttribute('href')!;
			expect(href).toMatch(/^\/app\/\d+\/$/);
			expect(pageExists(href)).toBe(true);
			expect(node.getAttribute('aria-label')).toMatch(/: works with \d+$/);
		}
		expect(page.querySelectorAll('figure svg text').length).toBeGreaterThan(0);
		expect(page.querySelectorAll('.integration-legend li').length).toBeGreaterThan(0);
		expect(scripts(page)).toEqual([]);
	});

	it('lists the same tools beside it, most connected first, each linking to its page', async () => {
		const page = await readPage('/integrations/');
		const mapIds = page
			.querySelectorAll('figure svg a')
			.map((a) => Number(/\d+/.exec(a.getAttribute('href')!)![0]));
		const listed = page.querySelectorAll('ol.hub-list li');
		const listIds = listed.map((li) =>
			Number(/\d+/.exec(li.querySelector('a')!.getAttribute('href')!)![0]),
		);
		expect(listIds).toEqual(mapIds);
		const counts = listed.map((li) => Number(/works with (\d+)/.exec(li.text)![1]));
		expect(counts).toEqual([...counts].sort((a, b) => b - a));
		listIds.forEach((toolId, at) => expect(counts[at]).toBe(partnersOf.get(toolId)!.size));
		for (const toolId of listIds) expect(pageExists(`/integrations/${toolId}/`)).toBe(true);
	});

	it('is linked from the header of every page and from category pages', async () => {
		for (const route of ['/', `/app/${id(hub)}/`, '/newapp/']) {
			const page = await readPage(route);
			expect(page.querySelector('header a[href="/integrations/"]'), route).not.toBeNull();
		}
		const category = await readPage('/category/workforce/');
		expect(category.querySelector(`a[href="/integrations/${id(hub)}/"]`)).not.toBeNull();
	});
});

describe('/newapp/ "Works with"', () => {
	it('offers live tools in a datalist that the field uses, never an unpublished one', async () => {
		const page = await readPage('/newapp/');
		const input = page.querySelector('input[name="works_with"]')!;
		expect(input.getAttribute('list')).toBe('listed-tools');
		expect(input.getAttribute('required')).toBeUndefined();
		const options = page
			.querySelectorAll('datalist#listed-tools option')
			.map((o) => o.getAttribute('value'));
		expect(options).toContain('Procore');
		expect(options).toContain(hub);
		expect(options).not.toContain(fixtures.unpublished);
		expect(page.querySelector(`label[for="${input.getAttribute('id')}"]`)!.text).toMatch(
			/Works with/,
		);
	});
});
