// Integrations in the built site (dist/ from global-setup, with the fixture pairs of
// fixtures.ts): the tool page's "Works with", a page per connected tool, the map.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAP_NODE_LIMIT } from '../../src/features/integrations/map-layout.ts';
import { NEIGHBOURHOOD_LIMIT } from '../../src/features/integrations/neighbourhood.ts';
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
	// A retired connection no longer counts as a partner.
	const pairs = await sql.begin(async (tx) => {
		await tx`set local role anon`;
		return tx`select tool_low_id, tool_high_id from tool_integrations
			where status is distinct from 'retired'`;
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
/** What an item of a "Works with" list says: its Direction, Moves and Through rows. */
const said = (item: HTMLElement) =>
	Object.fromEntries(
		item
			.querySelectorAll('dl.connection > div')
			.map((row) => [row.querySelector('dt')!.text.trim(), row.querySelector('dd')!.text.trim()]),
	);
const unknown = {
	Direction: 'not documented yet',
	Moves: 'not documented yet',
	Through: 'not documented yet',
};
const pageExists = (route: string) => existsSync(path.join(distDir, route, 'index.html'));
const scripts = (page: HTMLElement) =>
	page.querySelectorAll('script').filter((s) => s.getAttribute('type') !== 'application/ld+json');
const jsonLd = (page: HTMLElement) =>
	page.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent));

describe('tool page "Works with"', () => {
	it("lists the hub's live partners with logo, what each connection does, note, page link and dated source link", async () => {
		const page = await readPage(`/app/${id(hub)}/`);
		const section = page.querySelector('section[aria-labelledby="works-with-heading"]')!;
		expect(section.querySelector('h2')!.text).toBe('Works with');
		expect(section.text).toContain(`${hub} works with 3 tools in this directory.`);
		const items = section.querySelectorAll('li');
		const live = partners.filter((name) => name !== fixtures.unpublished);
		expect(
			items.map((item) => item.querySelector('.works-with__name')!.text.trim()).sort(),
		).toEqual([...live].sort());
		const { detailed } = fixtures.integrations;
		for (const item of items) {
			const name = item.querySelector('.works-with__name a')!;
			const partner = name.text.trim();
			expect(name.getAttribute('href')).toBe(`/app/${id(partner)}/`);
			expect(pageExists(name.getAttribute('href')!)).toBe(true);
			expect(item.querySelector('.logo')!.getAttribute('data-monogram')).toMatch(/^\S{1,2}$/);
			// The note is text, never markup.
			expect(item.querySelector('.works-with__note')!.text).toBe(note);
			expect(item.querySelector('.works-with__note b')).toBeNull();
			const source = item.querySelector('a.works-with__source')!;
			expect(source.getAttribute('href')).toBe('https://fixture.example.com/integrations');
			expect(source.getAttribute('rel')).toBe('noopener noreferrer');
			const checked = item.querySelector('.works-with__provenance time')!;
			if (partner === detailed.partner) {
				expect(said(item)).toEqual({
					Direction: `From ${hub} to ${partner}`,
					Moves: 'timesheets and employees',
					Through: 'Agave (middleware)',
				});
				expect(item.querySelector('.works-with__status')!.text.trim()).toBe('Beta');
				expect(checked.getAttribute('datetime')).toBe(detailed.verifiedOn);
				expect(checked.text).toBe('1 Oct 2026');
			} else {
				expect(said(item)).toEqual(unknown);
				expect(item.querySelector('.works-with__status')).toBeNull();
				expect(checked.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			}
		}
		expect(section.querySelector('#works-with-retired-heading')).toBeNull();
		const plan = page.querySelector(`a[href="/stack/?tools=${id(hub)}"]`)!;
		expect(plan.text).toBe(`Plan a stack with ${hub}`);
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
		expect(said(procore)).toEqual(unknown);
		expect(procore.querySelector('.works-with__note')).toBeNull();
		expect(page.querySelector('.works-with__count')!.text).toContain(
			`works with ${partnersOf.get(id(withProcore))!.size} tools`,
		);
		const procorePage = await readPage(`/app/${id('Procore')}/`);
		expect(
			procorePage.querySelector(`.works-with a[href="/app/${id(withProcore)}/"]`),
		).not.toBeNull();
	});

	it('says the direction from each side of the pair', async () => {
		const { detailed } = fixtures.integrations;
		const page = await readPage(`/app/${id(detailed.partner)}/`);
		const item = page
			.querySelectorAll('.works-with__list')[0]
			.querySelectorAll('.works-with__item')
			.find((li) => li.querySelector('.works-with__name')!.text.trim() === hub)!;
		expect(said(item).Direction).toBe(`From ${hub} to ${detailed.partner}`);
	});

	it('lists a retired connection apart, not counted as a partner', async () => {
		const [tool, other] = fixtures.integrations.retired;
		const page = await readPage(`/app/${id(tool)}/`);
		const section = page.querySelector('section[aria-labelledby="works-with-heading"]')!;
		expect(section.querySelector('.works-with__count')!.text).toContain(
			`works with ${partnersOf.get(id(tool))!.size} tool`,
		);
		const retired = section.querySelector('ul[aria-labelledby="works-with-retired-heading"]')!;
		expect(section.querySelector('#works-with-retired-heading')!.text).toBe('No longer available');
		const [item] = retired.querySelectorAll('.works-with__item');
		expect(item.querySelector('.works-with__name')!.text.trim()).toBe(other);
		expect(item.querySelector('.works-with__status')!.text.trim()).toBe('Retired');
		expect(said(item)).toMatchObject({ Direction: 'Both ways', Through: 'File export and import' });
		const listed = section
			.querySelectorAll('.works-with__list')[0]
			.querySelectorAll('.works-with__name')
			.map((name) => name.text.trim());
		expect(listed).not.toContain(other);
		const hubPage = await readPage(`/integrations/${id(tool)}/`);
		expect(hubPage.querySelector('#works-with-retired-heading')).not.toBeNull();
	});

	it('is left out for a tool with no partners, which can still start a stack', async () => {
		const page = await readPage(`/app/${id(fixtures.scriptInText.name)}/`);
		expect(page.querySelector('#works-with-heading')).toBeNull();
		expect(pageExists(`/integrations/${id(fixtures.scriptInText.name)}/`)).toBe(false);
		expect(
			page.querySelector(`a[href="/stack/?tools=${id(fixtures.scriptInText.name)}"]`),
		).not.toBeNull();
		expect(scripts(page)).toEqual([]);
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
		const listed = page.querySelectorAll('#connections .works-with__item .works-with__name a');
		expect(listed.map((link) => link.getAttribute('href')).sort()).toEqual(
			[...partnersOf.get(id(hub))!].map((partner) => `/app/${partner}/`).sort(),
		);
		expect(page.querySelector(`a[href="/stack/?tools=${id(hub)}"]`)).not.toBeNull();
		const [list] = jsonLd(page);
		expect(list['@type']).toBe('ItemList');
		expect(list.numberOfItems).toBe(3);
		expect(page.text).not.toContain(fixtures.unpublished);
		expect(scripts(page)).toEqual([]);
	});
});

describe("a tool's neighbourhood", () => {
	it('draws the tool and its partners as links, and the links among the partners drawn', async () => {
		const procore = id('Procore');
		const page = await readPage(`/integrations/${procore}/`);
		const svg = page.querySelector('figure svg.neighbourhood__svg')!;
		const nodes = svg.querySelectorAll('a');
		const drawn = nodes.map((a) => Number(/\d+/.exec(a.getAttribute('href')!)![0]));
		expect(drawn[0]).toBe(procore);
		const partners = partnersOf.get(procore)!;
		expect(drawn.length - 1).toBe(Math.min(partners.size, NEIGHBOURHOOD_LIMIT));
		for (const other of drawn.slice(1)) expect(partners.has(other)).toBe(true);
		for (const href of nodes.map((a) => a.getAttribute('href')!))
			expect(pageExists(href)).toBe(true);
		let among = 0;
		for (const [at, a] of drawn.slice(1).entries())
			for (const b of drawn.slice(at + 2)) if (partnersOf.get(a)?.has(b)) among++;
		expect(among).toBeGreaterThan(0);
		const links = svg.querySelector('path.neighbourhood__links')!.getAttribute('d')!;
		expect(links.match(/M/g)).toHaveLength(among);
		expect(nodes.some((a) => / here also with /.test(a.getAttribute('aria-label') ?? ''))).toBe(
			true,
		);
		expect(page.querySelector('a[href="#connections"]')).not.toBeNull();
		expect(page.querySelector('#connections')!.getAttribute('tabindex')).toBe('-1');
		expect(page.querySelector('figcaption')!.text).toMatch(
			new RegExp(`Procore and its ${drawn.length - 1} most connected partners of ${partners.size}`),
		);
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
