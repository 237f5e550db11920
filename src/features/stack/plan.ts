import { otherEnd, RETIRED, type StackGraph } from './graph.ts';

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

/**
 * Whether candidate p ranks before q: more chosen tools connected first, then more partners in
 * the whole directory (it is likelier to fit the next tool too), then catalogue (name) order,
 * which tool indexes follow. A total order, so the same data always gives the same ranking.
 */
function before(graph: StackGraph, p: Candidate, q: Candidate): boolean {
	if (p.links.length !== q.links.length) return p.links.length > q.links.length;
	const [dp, dq] = [graph.degree[p.tool], graph.degree[q.tool]];
	return dp !== dq ? dp > dq : p.tool < q.tool;
}

/** Keeps the `limit` best of `best` (sorted) after offering `candidate`: O(limit) per offer. */
function offer(graph: StackGraph, best: Candidate[], candidate: Candidate, limit: number) {
	if (best.length === limit && !before(graph, candidate, best[limit - 1])) return;
	let at = best.length === limit ? limit - 1 : best.length;
	best[at] = candidate;
	while (at > 0 && before(graph, candidate, best[at - 1])) {
		[best[at], best[at - 1]] = [best[at - 1], candidate];
		at--;
	}
}

/**
 * What the stack page shows for the chosen tools (indexes into the graph): how they connect,
 * which pairs do not, and per category the tools that connect with most of them. Costs the
 * chosen tools' partners, never the whole catalogue; retired connections count for nothing.
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
	const found = new Map<number, Candidate>();
	for (const tool of chosen)
		for (const pair of graph.pairsOf[tool]) {
			if (graph.pairs[pair].status === RETIRED) continue;
			const other = otherEnd(graph.pairs[pair], tool);
			if (isChosen.has(other)) continue;
			let candidate = found.get(other);
			if (!candidate) found.set(other, (candidate = { tool: other, links: [] }));
			candidate.links.push({ tool, pair });
		}
	const { categoryOf, categories: all } = graph.file;
	const limit = category === null ? PER_CATEGORY : IN_ONE_CATEGORY;
	const groups = all.map((_, index) => ({ category: index, total: 0, best: [] as Candidate[] }));
	for (const candidate of found.values()) {
		const group = groups[categoryOf[candidate.tool]];
		if (category !== null && group.category !== category) continue;
		group.total++;
		offer(graph, group.best, candidate, limit);
	}
	return {
		connections,
		gaps,
		categories: category === null ? groups : [groups[category]],
	};
}
