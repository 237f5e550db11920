import { RETIRED, type StackGraph } from './graph.ts';

/** Candidates shown per category when every category is shown, and when one is chosen. */
export const PER_CATEGORY = 3;
export const IN_ONE_CATEGORY = 20;

/** A chosen tool a candidate connects with, and the pair that documents it. */
export interface Link {
	tool: number;
	pair: number;
}

export interface Candidate {
	tool: number;
	/** The chosen tools it connects with, in the order they were chosen. */
	links: Link[];
}

export interface CategoryCandidates {
	category: number;
	/** How many tools of the category connect with at least one chosen tool. */
	total: number;
	/** The best of them, best first. */
	best: Candidate[];
}

export interface StackPlan {
	/** Pairs of chosen tools with a working connection (chosen order). */
	connections: { x: number; y: number; pair: number }[];
	/** Pairs of chosen tools with none; `retired` is the pair a vendor retired, else -1. */
	gaps: { x: number; y: number; retired: number }[];
	/** Per category in taxonomy order (only `category` when one is chosen). */
	categories: CategoryCandidates[];
}

/** A tool of the category and how many chosen tools it connects with. */
interface Scored {
	tool: number;
	connected: number;
}

/**
 * Whether p ranks before q: more chosen tools connected first, then more partners in the whole
 * directory (it is likelier to fit the next tool too), then catalogue (name) order, which tool
 * indexes follow. A total order, so the same data always gives the same ranking.
 */
function before(graph: StackGraph, p: Scored, q: Scored): boolean {
	if (p.connected !== q.connected) return p.connected > q.connected;
	const [dp, dq] = [graph.degree[p.tool], graph.degree[q.tool]];
	return dp !== dq ? dp > dq : p.tool < q.tool;
}

/** Keeps the `limit` best of `best` (sorted) after offering `scored`: O(limit) per offer. */
function offer(graph: StackGraph, best: Scored[], scored: Scored, limit: number) {
	if (best.length === limit && !before(graph, scored, best[limit - 1])) return;
	let at = best.length === limit ? limit - 1 : best.length;
	best[at] = scored;
	while (at > 0 && before(graph, scored, best[at - 1])) {
		[best[at], best[at - 1]] = [best[at - 1], scored];
		at--;
	}
}

/** How many chosen tools each tool connects with; reused, and left zeroed, between plans. */
const tallies = new WeakMap<StackGraph, Int32Array>();

/**
 * What the stack page shows for the chosen tools (indexes into the graph): how they connect,
 * which pairs do not, and per category the tools that connect with most of them. Costs the
 * chosen tools' partners, never the whole catalogue, and allocates only for the tools it shows
 * (a choice must fit in a frame with hubs of a thousand partners); retired connections count
 * for nothing.
 */
export function planStack(
	graph: StackGraph,
	chosen: readonly number[],
	category: number | null = null,
): StackPlan {
	const connections: StackPlan['connections'] = [];
	const gaps: StackPlan['gaps'] = [];
	for (let i = 0; i < chosen.length; i++)
		for (let j = i + 1; j < chosen.length; j++) {
			const [x, y] = [chosen[i], chosen[j]];
			const pair = graph.pairBetween(x, y);
			if (pair !== -1 && graph.pairs[pair].status !== RETIRED) connections.push({ x, y, pair });
			else gaps.push({ x, y, retired: pair });
		}
	const isChosen = new Set(chosen);
	let tally = tallies.get(graph);
	if (!tally) tallies.set(graph, (tally = new Int32Array(graph.file.ids.length)));
	const touched: number[] = [];
	for (const tool of chosen) {
		const [pairs, partners] = [graph.pairsOf[tool], graph.partnersOf[tool]];
		for (let k = 0; k < pairs.length; k++) {
			const other = partners[k];
			if (graph.pairs[pairs[k]].status === RETIRED || isChosen.has(other)) continue;
			if (tally[other]++ === 0) touched.push(other);
		}
	}
	const { categoryOf, categories: all } = graph.file;
	const limit = category === null ? PER_CATEGORY : IN_ONE_CATEGORY;
	const groups = all.map((_, index) => ({ category: index, total: 0, best: [] as Scored[] }));
	for (const tool of touched) {
		const group = groups[categoryOf[tool]];
		if (category === null || group.category === category) {
			group.total++;
			offer(graph, group.best, { tool, connected: tally[tool] }, limit);
		}
		tally[tool] = 0;
	}
	// The links of the tools shown only: which chosen tools each connects with, in chosen order.
	const linksOf = (tool: number): Link[] =>
		chosen.flatMap((other) => {
			const pair = graph.pairBetween(tool, other);
			return pair !== -1 && graph.pairs[pair].status !== RETIRED ? [{ tool: other, pair }] : [];
		});
	const shown = groups.map(({ category: index, total, best }) => ({
		category: index,
		total,
		best: best.map(({ tool }) => ({ tool, links: linksOf(tool) })),
	}));
	return {
		connections,
		gaps,
		categories: category === null ? shown : [shown[category]],
	};
}
