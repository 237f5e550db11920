// The compare page in the built site (dist/ from global-setup, with compare-fixtures.ts): the
// files its island reads, what it costs against DESIGN.md's budget, and the tool pages' link.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets.ts';
import { comparePayload } from '../../bench/compare-payload.ts';
import { factLayout } from '../../src/features/compare/files.server.ts';
import { PICK_LIMITS } from '../../src/features/picker/address.ts';
import { pagePayload } from '../../bench/page-payload.ts';
import {
	type CompareTool,
	compareFiles,
	type NameEntry,
	PARTNERS_NAMED,
} from '../../src/features/compare/files.ts';
import { partnerCount, partnerIds, toGaps } from '../../src/features/compare/partner-ids.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { COMPARE_FIXTURES, fixtureQuote, VENDOR_STATED } from './compare-fixtures.ts';

const fixtures = inject('fixtureTools');
let live: { id: number; name: string }[];
let idOf: Map<string, number>;
let unpublishedId: number;
let procorePartners: number[];
/** Every connection that counts (not retired), as [low id, high id]. */
let pairs: [number, number][];

const readJson = async <T>(site: string) =>
	JSON.parse(await readFile(path.join(distDir, site), 'utf8')) as T;
const toolFile = (name: string) => readJson<CompareTool>(compareFiles.tool(idOf.get(name)!));

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	const rows = await sql`select id, name, status from construction_apps`;
	procorePartners = (
		await sql`select a.id from tool_integrations i
			join construction_apps p on p.name = 'Procore'
			join construction_apps a on a.id = case when i.tool_low_id = p.id
				then i.tool_high_id else i.tool_low_id end
			where p.id in (i.tool_low_id, i.tool_high_id) and i.status is distinct from 'retired'
			order by a.name_sort, a.name, a.id`
	).map((row) => Number(row.id));
	pairs = (
		await sql`select tool_low_id, tool_high_id from tool_integrations
			where status is distinct from 'retired'`
	).map((row) => [Number(row.tool_low_id), Number(row.tool_high_id)]);
	await sql.end();
	const { badScheme, badHost } = fixtures.unusable;
	live = rows
		.filter((row) => row.status === 'live' && row.name && ![badScheme, badHost].includes(row.name))
		.map((row) => ({ id: Number(row.id), name: String(row.name) }));
	idOf = new Map(rows.map((row) => [String(row.name), Number(row.id)]));
	unpublishedId = idOf.get(fixtures.unpublished)!;
});

describe('the compare files', () => {
	it('write one file per live tool, and none for an unpublished or left-out tool', () => {
		for (const tool of live)
			expect(existsSync(path.join(distDir, compareFiles.tool(tool.id)))).toBe(true);
		expect(existsSync(path.join(distDir, compareFiles.tool(unpublishedId)))).toBe(false);
		const badScheme = idOf.get(fixtures.unusable.badScheme)!;
		expect(existsSync(path.join(distDir, compareFiles.tool(badScheme)))).toBe(false);
	});

	it('give a tool its facts in words, each with every page it was read on and the day', async () => {
		const quarry = await toolFile('Quarry Takeoff');
		expect(quarry).toMatchObject({
			name: 'Quarry Takeoff',
			categorySlug: 'estimating',
		});
		// Addresses come from the page's patterns, not the file.
		expect(quarry).not.toHaveProperty('path');
		expect(Object.keys(quarry.facts)).toHaveLength(15);
		// Read on two pages: the union in the vocabulary's order, each page with what it says.
		expect(quarry.facts.platforms).toEqual({
			text: 'Web browser, iPhone (iOS), iPad (iPadOS)',
			sources: [
				{
					url: 'https://apps.apple.com/us/app/quarrytakeoff/id1500000001',
					on: '2026-11-04',
					read: 'iPhone (iOS), iPad (iPadOS)',
				},
				{
					url: 'https://www.quarrytakeoff.example.com/product/web-app',
					on: '2026-11-03',
					read: 'Web browser',
				},
			],
		});
		// Its quotes are a file of their own, fetched when a visitor opens one.
		expect(await readJson(compareFiles.quotes(quarry.id))).toMatchObject({
			platforms: [
				fixtureQuote('Quarry Takeoff', 'platforms'),
				fixtureQuote('Quarry Takeoff', 'platforms'),
			],
		});
		// What the vendor stated is marked so, and only that.
		const heron = await toolFile(VENDOR_STATED.tool);
		expect(heron.facts.pricing_model?.sources[0].byVendor).toBe(true);
		expect(heron.facts.platforms?.sources.every((source) => !source.byVendor)).toBe(true);
		expect(quarry.facts.starting_price?.text).toBe('$49 per user a month (billed annually)');
		expect(quarry.facts.open_api?.docs).toBe(
			'https://developers.quarrytakeoff.example.com/docs/rest-api',
		);
		// Unknown stays unknown: absent, never guessed.
		expect((await toolFile('Lark Notes')).facts.pricing_model).toBeUndefined();
	});

	it('list a tool’s live partners by id and name, never an unpublished one', async () => {
		const quarry = await toolFile('Quarry Takeoff');
		expect(quarry.partners).toEqual(
			['Heron Crews', 'Kestrel Schedules'].map((name) => [idOf.get(name), name]),
		);
		expect(quarry.partners.length).toBeGreaterThan(0); // its integrations page is linked
		const hub = await toolFile(fixtures.integrations.hub);
		expect(hub.partners.map(([, name]) => name)).not.toContain(fixtures.unpublished);
		expect(partnerIds(hub)).not.toContain(unpublishedId);
	});

	it(`name a hub's first ${PARTNERS_NAMED} partners, give the rest's ids, and count those it alone works with`, async () => {
		// Procore's live partners in the catalogue's name order, as the build lists them.
		const procore = await toolFile('Procore');
		const isLive = (id: number) => live.some((tool) => tool.id === id);
		const partners = procorePartners.filter(isLive);
		expect(partners.length).toBeGreaterThan(PARTNERS_NAMED);
		expect(procore.partners).toEqual(
			partners.slice(0, PARTNERS_NAMED).map((id) => [id, live.find((t) => t.id === id)!.name]),
		);
		// Of the rest, those whose one live partner is Procore are a count, the others ids.
		const liveDegree = (id: number) =>
			pairs.filter(([x, y]) => (x === id && isLive(y)) || (y === id && isLive(x))).length;
		const rest = partners.slice(PARTNERS_NAMED);
		const alone = rest.filter((id) => liveDegree(id) === 1);
		expect(alone.length).toBeGreaterThan(0);
		expect(procore.onlyPartnerOf).toBe(alone.length);
		expect(procore.morePartners).toEqual(toGaps(rest.filter((id) => liveDegree(id) > 1)));
		for (const id of alone)
			expect(partnerIds(await readJson<CompareTool>(compareFiles.tool(id)))).toEqual([procore.id]);
		expect(partnerCount(procore)).toBe(partners.length);
		expect([...partnerIds(procore), ...alone].sort((x, y) => x - y)).toEqual(
			partners.sort((x, y) => x - y),
		);
	});

	it('index every live tool by id and name only, for the picker', async () => {
		const names = await readJson<NameEntry[]>(compareFiles.names);
		expect(names.map(([id]) => id).sort((a, b) => a - b)).toEqual(
			live.map((tool) => tool.id).sort((a, b) => a - b),
		);
		expect(names.every((entry) => entry.length === 2)).toBe(true);
		expect(names.find(([id]) => id === idOf.get('Procore'))).toEqual([
			idOf.get('Procore'),
			'Procore',
		]);
		expect(JSON.stringify(names)).not.toContain(fixtures.unpublished);
	});
});

describe('the compare page', () => {
	it('says what it is and what it needs without JavaScript, and gives its island no tool data', async () => {
		const page = await readPage('/compare/');
		expect(page.querySelector('h1')?.text).toBe('Compare tools side by side');
		expect(page.querySelector('noscript')?.text).toMatch(/needs JavaScript/);
		const islands = page.querySelectorAll('astro-island');
		expect(islands).toHaveLength(1);
		const props = islands[0].getAttribute('props') ?? '';
		expect(props).toContain('Pricing model');
		// The rows' labels are vocabulary, not catalogue data, though one names a tool
		// ("Microsoft Project import/export"): the check reads the props without them.
		const labels = [
			...factLayout.common.flatMap((section) => section.facts),
			...Object.values(factLayout.capabilities).flatMap((section) => section.facts),
		].map(({ label }) => label);
		const data = labels.reduce((text, label) => text.replaceAll(label, ''), props);
		for (const tool of live.filter((t) => t.name.length > 12))
			expect(data).not.toContain(tool.name);
	});

	it(`stays within DESIGN.md's budget: React's chunk plus at most ${BUDGETS.compareOwnGzip / 1000} KB gzip of its code and four tools' files`, async () => {
		// The four fixture tools documented in full: every fact, with its pages and dates.
		const full = COMPARE_FIXTURES.tools.slice(0, 4).map((tool) => idOf.get(tool.name)!);
		const payload = await comparePayload(distDir, full);
		expect(payload.page.jsGzipReact).toBeGreaterThan(0);
		expect(payload.ownGzip).toBeLessThanOrEqual(BUDGETS.compareOwnGzip);
		// The sample catalogue's largest files too, and its four most connected tools (Procore
		// first), which name their first partners only (files.ts).
		expect((await comparePayload(distDir)).ownGzip).toBeLessThanOrEqual(BUDGETS.compareOwnGzip);
		const files = await Promise.all(
			live.map((tool) => readJson<CompareTool>(compareFiles.tool(tool.id))),
		);
		const hubs = files
			.sort((x, y) => partnerCount(y) - partnerCount(x))
			.slice(0, PICK_LIMITS.compare);
		expect(hubs[0].name).toBe('Procore');
		const hubPayload = await comparePayload(
			distDir,
			hubs.map((hub) => hub.id),
		);
		expect(hubPayload.ownGzip).toBeLessThanOrEqual(BUDGETS.compareOwnGzip);
	});

	it('is not on the home page: no compare code or data there', async () => {
		const home = await pagePayload(distDir, '/');
		expect(home.scripts.map((script) => script.file).join(' ')).not.toMatch(/Compare/);
		const code = await Promise.all(
			home.scripts
				.filter((script) => script.file.startsWith('/'))
				.map((script) => readFile(path.join(distDir, script.file), 'utf8')),
		);
		expect(code.join('\n')).not.toContain('/compare/data/');
	});
});

describe('tool pages', () => {
	it('link to the compare page with the tool in it, and still ship no JavaScript', async () => {
		for (const tool of live.slice(0, 20)) {
			const page = await readPage(`/app/${tool.id}/`);
			const link = page
				.querySelectorAll('a')
				.find((a) => a.text === `Compare ${tool.name} with other tools`);
			expect(link?.getAttribute('href')).toBe(`/compare/?tools=${tool.id}`);
			expect((await pagePayload(distDir, `/app/${tool.id}/`)).scripts).toEqual([]);
		}
	});
});
