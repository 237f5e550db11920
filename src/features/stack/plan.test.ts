import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import { MOVE_KEYS } from '../integrations/details.ts';
import type { Integration } from '../integrations/types.ts';
import { connectionsFiles, graphFile } from './encode.ts';
import {
	connectionsUrl,
	flowFrom,
	readGraph,
	STATUS_CODES,
	TOOLS_PER_CONNECTIONS_FILE,
	VIA_MIDDLEWARE,
} from './graph.ts';
import { IN_ONE_CATEGORY, PER_CATEGORY, planStack } from './plan.ts';

const category = (slug: string) => CATEGORY_SLUGS.indexOf(slug as never);

/** Tools named T1..Tn (ids 1..n, catalogue order = id order), categories as given. */
const toolsOf = (categories: string[]) =>
	categories.map((slug, at) => ({ id: at + 1, name: `T${at + 1}`, category: slug }));

const link = (x: number, y: number, extra: Partial<Integration> = {}): Integration => ({
	lowId: Math.min(x, y),
	highId: Math.max(x, y),
	kind: 'native',
	note: null,
	sourceUrl: `https://vendor.example.com/${x}-${y}`,
	direction: null,
	moves: null,
	via: null,
	viaService: null,
	status: null,
	verifiedOn: '2026-11-25',
	...extra,
});

const graphOf = (tools: ReturnType<typeof toolsOf>, pairs: Integration[]) =>
	readGraph(graphFile(tools, pairs));
/** Tool ids of a plan's candidates per category slug (categories with any). */
const ranked = (plan: ReturnType<typeof planStack>, graph: ReturnType<typeof graphOf>) =>
	Object.fromEntries(
		plan.categories
			.filter((group) => group.total > 0)
			.map((group) => [
				CATEGORY_SLUGS[group.category],
				group.best.map((candidate) => graph.file.ids[candidate.tool]),
			]),
	);

describe('the graph file', () => {
	it('keeps what each connection says, seen from either end', () => {
		const tools = toolsOf(['financials', 'project-management', 'scheduling']);
		const graph = graphOf(tools, [
			link(1, 2, {
				direction: 'high_to_low',
				moves: ['budgets', 'rfis'],
				via: 'middleware',
				viaService: 'Agave',
				status: 'beta',
				verifiedOn: '2026-10-02',
			}),
			link(2, 3, { direction: 'both', via: 'file_exchange' }),
		]);
		const [first, second] = graph.pairs;
		expect(flowFrom(first, 0)).toBe('in');
		expect(flowFrom(first, 1)).toBe('out');
		expect(flowFrom(second, 2)).toBe('both');
		expect(first.moves).toBe(
			(1 << MOVE_KEYS.indexOf('budgets')) | (1 << MOVE_KEYS.indexOf('rfis')),
		);
		expect(graph.file.services[first.via - VIA_MIDDLEWARE]).toBe('Agave');
		expect(STATUS_CODES[first.status - 1]).toBe('beta');
		expect(graph.file.days[first.day]).toBe('2026-10-02');
		expect(graph.pairBetween(2, 1)).toBe(1);
		expect(graph.pairBetween(0, 2)).toBe(-1);
		expect([...graph.degree]).toEqual([1, 2, 1]);
		expect(graph.partnersOf.map((partners) => [...partners])).toEqual([[1], [0, 2], [1]]);
	});

	it('is the same file for the same data, whatever order the rows came in', () => {
		const tools = toolsOf(['financials', 'scheduling', 'workforce', 'estimating']);
		const pairs = [link(1, 2), link(3, 4, { moves: ['timesheets'] }), link(1, 4), link(2, 3)];
		const once = JSON.stringify(graphFile(tools, pairs));
		expect(JSON.stringify(graphFile(tools, pairs.toReversed()))).toBe(once);
		expect(JSON.stringify(graphFile(tools, [...pairs.slice(2), ...pairs.slice(0, 2)]))).toBe(once);
	});

	it("gives each connected tool its partners' sources and notes, from both ends, in few files", () => {
		const pairs = [link(1, 2, { note: 'Syncs budgets' }), link(2, 3)];
		const files = connectionsFiles(pairs);
		expect([...files.keys()]).toEqual([0]);
		expect(files.get(0)![2]).toEqual({
			1: ['https://vendor.example.com/1-2', 'Syncs budgets'],
			3: ['https://vendor.example.com/2-3', null],
		});
		expect(files.get(0)![1]).toEqual({ 2: ['https://vendor.example.com/1-2', 'Syncs budgets'] });
		// One file per TOOLS_PER_CONNECTIONS_FILE connected tools; a tool's file is its id modulo.
		const many = Array.from({ length: 100 }, (_, at) => link(1000 + at, 2000 + at));
		const count = Math.ceil(200 / TOOLS_PER_CONNECTIONS_FILE);
		expect(graphFile(toolsOf([]), many).connectionFiles).toBe(count);
		const split = connectionsFiles(many);
		expect(split.size).toBe(count);
		for (const [number, file] of split)
			for (const tool of Object.keys(file)) expect(Number(tool) % count).toBe(number);
		expect(connectionsUrl(1042, count)).toBe(`/stack/connections/${1042 % count}.json`);
	});
});

describe('planStack', () => {
	// 1, 2, 3 are a stack; 4-9 scheduling tools; 10 a financials tool with no partners.
	const tools = toolsOf([
		'project-management',
		'financials',
		'estimating',
		...Array(6).fill('scheduling'),
		'financials',
	]);
	const pairs = [
		link(1, 2, { moves: ['budgets'] }),
		link(1, 3, { status: 'retired' }),
		// 4 and 5 each connect with 1 and 2: a tie, broken by partners in the whole directory.
		link(4, 1),
		link(4, 2),
		link(5, 1),
		link(5, 2),
		link(5, 8),
		// 6 and 7 connect with one chosen tool each, the same number of partners: name order.
		link(7, 1),
		link(6, 2),
		// 8 connects with 3 through a retired pair only: no candidate of 3.
		link(8, 3, { status: 'retired' }),
	];
	const graph = graphOf(tools, pairs);
	const plan = planStack(graph, [0, 1, 2]);

	it('ranks every tool once: most partners first, then catalogue order', () => {
		const order = [...graph.rank.keys()].sort((p, q) => graph.rank[p] - graph.rank[q]);
		expect(order).toEqual([0, 1, 4, 3, 5, 6, 7, 2, 8, 9]);
		expect(new Set(graph.rank).size).toBe(tools.length);
	});

	it('counts no retired connection as a partner', () => {
		expect(graph.pairsOf[2]).toHaveLength(2);
		expect([...graph.partnersOf[2]]).toEqual([]);
		expect(graph.degree[2]).toBe(0);
	});

	it('says how the chosen tools connect, and which pairs do not (a retired one named)', () => {
		expect(plan.connections).toEqual([{ x: 0, y: 1, pair: graph.pairBetween(0, 1) }]);
		expect(plan.gaps).toEqual([
			{ x: 0, y: 2, retired: graph.pairBetween(0, 2) },
			{ x: 1, y: 2, retired: -1 },
		]);
	});

	it('ranks candidates by chosen tools connected, then partners, then name; ties are stable', () => {
		expect(ranked(plan, graph)).toEqual({ scheduling: [5, 4, 6] });
		const five = plan.categories[category('scheduling')].best[0];
		expect(five.links.map((l) => graph.file.ids[l.tool])).toEqual([1, 2]);
		expect(plan.categories[category('scheduling')].total).toBe(4);
	});

	it('leaves out tools with no partners, and chosen tools with none add nothing', () => {
		const alone = planStack(graph, [9, 2]);
		expect(alone.connections).toEqual([]);
		expect(alone.gaps).toEqual([{ x: 9, y: 2, retired: -1 }]);
		expect(alone.categories.every((group) => group.total === 0)).toBe(true);
		const withAlone = planStack(graph, [0, 9]);
		expect(ranked(withAlone, graph)).toEqual({ financials: [2], scheduling: [5, 4, 7] });
	});

	it('gives the same ranking for the same data, however the rows and choices came', () => {
		const again = graphOf(tools, pairs.toReversed());
		expect(planStack(again, [0, 1, 2])).toEqual(plan);
		expect(ranked(planStack(graph, [1, 0]), graph)).toEqual(
			ranked(planStack(graph, [0, 1]), graph),
		);
	});

	it('shows more of one chosen category, with its total', () => {
		const one = planStack(graph, [0, 1], category('scheduling'));
		expect(one.categories).toHaveLength(1);
		expect(one.categories[0]).toMatchObject({ category: category('scheduling'), total: 4 });
		expect(one.categories[0].best.map((c) => graph.file.ids[c.tool])).toEqual([5, 4, 6, 7]);
	});

	it('keeps exactly the best of a big category, as a full sort would', () => {
		const many = toolsOf(['project-management', 'financials', ...Array(300).fill('scheduling')]);
		let seed = 7;
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
		const edges: Integration[] = [];
		for (let id = 3; id <= many.length; id++) {
			if (random() < 0.6) edges.push(link(id, 1));
			if (random() < 0.4) edges.push(link(id, 2));
			for (let k = 0; k < 3; k++) {
				const other = 3 + Math.floor(random() * 300);
				if (
					other !== id &&
					!edges.some((e) => e.lowId === Math.min(id, other) && e.highId === Math.max(id, other))
				)
					edges.push(link(id, other));
			}
		}
		const big = graphOf(many, edges);
		for (const [limitCategory, limit] of [
			[null, PER_CATEGORY],
			[category('scheduling'), IN_ONE_CATEGORY],
		] as const) {
			const group = planStack(big, [0, 1], limitCategory).categories.find(
				(g) => g.category === category('scheduling'),
			)!;
			const all = new Map<number, number>();
			for (const chosen of [0, 1])
				for (const pair of big.pairsOf[chosen]) {
					const other = big.pairs[pair].a === chosen ? big.pairs[pair].b : big.pairs[pair].a;
					all.set(other, (all.get(other) ?? 0) + 1);
				}
			const sorted = [...all]
				.sort(([p, n], [q, m]) => m - n || big.degree[q] - big.degree[p] || p - q)
				.map(([tool]) => tool);
			expect(group.total).toBe(all.size);
			expect(group.best.map((c) => c.tool)).toEqual(sorted.slice(0, limit));
		}
	});
});
