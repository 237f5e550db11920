// The stack page in the built site (dist/ from global-setup): the page and its budget, the graph
// file the build writes (every live tool and every connection anon may see, with what each says,
// compact), and each connected tool's file of sources.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets.ts';
import { pagePayload } from '../../bench/page-payload.ts';
import { MOVE_KEYS } from '../../src/features/integrations/details.ts';
import {
	type ConnectionsFile,
	connectionsUrl,
	flowFrom,
	type GraphFile,
	readGraph,
	STATUS_CODES,
	TOOLS_PER_CONNECTIONS_FILE,
	VIA_MIDDLEWARE,
} from '../../src/features/stack/graph.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';

const fixtures = inject('fixtureTools');
let sql: Sql;
let live: { id: number; name: string }[];
let visible: { low: number; high: number; source: string; note: string | null }[];
let raw: Buffer;
let file: GraphFile;

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	const { badScheme, badHost } = fixtures.unusable;
	live = (
		await sql`select id, name from construction_apps where status = 'live'
			and name <> '' and name <> all(${[badScheme, badHost]})`
	).map((row) => ({ id: Number(row.id), name: String(row.name) }));
	visible = (
		await sql.begin(async (tx) => {
			await tx`set local role anon`;
			return tx`select tool_low_id, tool_high_id, source_url, note from tool_integrations`;
		})
	).map((row) => ({
		low: Number(row.tool_low_id),
		high: Number(row.tool_high_id),
		source: String(row.source_url),
		note: row.note as string | null,
	}));
	raw = await readFile(path.join(distDir, 'stack/graph.json'));
	file = JSON.parse(raw.toString('utf8'));
});
afterAll(() => sql?.end());

const idOf = (name: string) => live.find((tool) => tool.name === name)!.id;

describe('the stack page', () => {
	it('is an island with no catalogue in its props, within its JavaScript budget', async () => {
		const page = await readPage('/stack/');
		expect(page.querySelector('h1')!.text).toBe('Plan your stack');
		const [island] = page.querySelectorAll('astro-island');
		expect(island.getAttribute('client')).toBe('only');
		// Only the address pattern of a tool page: no catalogue data.
		expect(island.getAttribute('props')).toBe('{"toolPage":[0,"/app/{id}/"]}');
		const payload = await pagePayload(distDir, '/stack/');
		expect(payload.jsGzipReact).toBeGreaterThan(0);
		expect(payload.jsGzipOwn).toBeLessThanOrEqual(BUDGETS.stack.ownJsGzip);
	});

	it('says without JavaScript where the same facts are, with links that exist', async () => {
		const page = await readPage('/stack/');
		// The parser keeps a <noscript>'s content as text: parse it as a browser without scripts does.
		const note = parse(page.querySelector('noscript')!.text);
		expect(note.text).toMatch(/needs JavaScript/);
		const links = note.querySelectorAll('a').map((a) => a.getAttribute('href')!);
		expect(links).toContain('/integrations/');
		expect(links).toContain(`/integrations/${idOf('Procore')}/`);
		const files = new Set(await distFiles());
		for (const href of links) expect(files.has(`${href.slice(1)}index.html`), href).toBe(true);
	});

	it('is linked from tool pages and integration pages with the tool chosen, and from the map', async () => {
		const procore = idOf('Procore');
		for (const route of [`/app/${procore}/`, `/integrations/${procore}/`]) {
			const link = (await readPage(route)).querySelector(`a[href="/stack/?tools=${procore}"]`);
			expect(link?.text, route).toBe('Plan a stack with Procore');
		}
		expect((await readPage('/integrations/')).querySelector('a[href="/stack/"]')).not.toBeNull();
	});
});

describe('the graph file', () => {
	it('holds every live tool in catalogue order, and every connection anon may see', () => {
		expect([...file.ids].sort((a, b) => a - b)).toEqual(
			live.map((tool) => tool.id).sort((a, b) => a - b),
		);
		expect(file.names).toEqual(file.ids.map((id) => live.find((tool) => tool.id === id)!.name));
		expect(file.names).not.toContain(fixtures.unpublished);
		const graph = readGraph(file);
		const pairs = graph.pairs.map(({ a, b }) => [file.ids[a], file.ids[b]].sort((x, y) => x - y));
		expect(pairs.map((pair) => pair.join('-')).sort()).toEqual(
			visible.map(({ low, high }) => `${low}-${high}`).sort(),
		);
	});

	it('says what each connection does, from either end', () => {
		const graph = readGraph(file);
		const { hub, detailed, retired } = fixtures.integrations;
		const [h, p] = [hub, detailed.partner].map((name) => graph.indexOfId.get(idOf(name))!);
		const pair = graph.pairs[graph.pairBetween(h, p)];
		expect(flowFrom(pair, h)).toBe('out');
		expect(flowFrom(pair, p)).toBe('in');
		expect(MOVE_KEYS.filter((_, bit) => pair.moves & (1 << bit))).toEqual(detailed.moves);
		expect(file.services[pair.via - VIA_MIDDLEWARE]).toBe(detailed.service);
		expect(STATUS_CODES[pair.status - 1]).toBe('beta');
		expect(file.days[pair.day]).toBe(detailed.verifiedOn);
		const [x, y] = retired.map((name) => graph.indexOfId.get(idOf(name))!);
		expect(STATUS_CODES[graph.pairs[graph.pairBetween(x, y)].status - 1]).toBe('retired');
	});

	it(`costs at most ${BUDGETS.stack.graphGzipPerPair} B gzip per pair, and carries no addresses`, () => {
		const perPair = gzipSync(raw, { level: 6 }).length / visible.length;
		expect(perPair).toBeLessThanOrEqual(BUDGETS.stack.graphGzipPerPair);
		expect(raw.toString('utf8')).not.toMatch(/https?:/);
	});
});

describe("each connected tool's sources", () => {
	it('are a few files holding every connected tool: the source and note of each of its connections', async () => {
		const files = (await distFiles()).filter((f) => /^stack\/connections\/\d+\.json$/.test(f));
		const connected = new Set(visible.flatMap(({ low, high }) => [low, high]));
		expect(files).toHaveLength(file.connectionFiles);
		expect(file.connectionFiles).toBe(Math.ceil(connected.size / TOOLS_PER_CONNECTIONS_FILE));
		const held = new Map<number, ConnectionsFile[string]>();
		for (const name of files) {
			const read: ConnectionsFile = JSON.parse(await readFile(path.join(distDir, name), 'utf8'));
			for (const [tool, partners] of Object.entries(read)) {
				expect(name).toBe(connectionsUrl(Number(tool), file.connectionFiles).slice(1));
				held.set(Number(tool), partners);
			}
		}
		expect([...held.keys()].sort((a, b) => a - b)).toEqual([...connected].sort((a, b) => a - b));
		const procore = idOf('Procore');
		const own = held.get(procore)!;
		const expected = visible.filter(({ low, high }) => [low, high].includes(procore));
		expect(Object.keys(own)).toHaveLength(expected.length);
		for (const { low, high, source, note } of expected)
			expect(own[low === procore ? high : low]).toEqual([source, note]);
		expect(JSON.stringify([...held])).not.toContain(fixtures.unpublished);
	});
});
