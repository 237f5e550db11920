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
 * Whether a tool connected with `connected` chosen tools ranks before q: more chosen tools
 * connected first, then more partners in the whole directory (it is likelier to fit the next
 * tool too), then catalogue (name) order, which tool indexes follow. A total order, so the same
 * data always gives the same ranking.
 */
function before(graph: StackGraph, tool: number, connected: number, q: Scored): boolean {
	if (connected !== q.connected) return connected > q.connected;
	const [dp, dq] = [graph.degree[tool], graph.degree[q.tool]];
	return dp !== dq ? dp > dq : tool < q.tool;
}

/**
 * Keeps the `limit` best of `best` (sorted) after offering a tool: O(limit) per offer, and an
 * object only for a tool that gets in (most of a hub's thousand partners do not).
 */
function offer(graph: StackGraph, best: Scored[], tool: number, connected: number, limit: number) {
	if (best.length === limit && !before(graph, tool, connected, best[limit - 1])) return;
	const scored = { tool, connected };
	let at = best.length === limit ? limit - 1 : best.length;
	best[at] = scored;
	while (at > 0 && before(graph, tool, connected, best[at - 1])) {
		[best[at], best[at - 1]] = [best[at - 1], scored];
		at--;
	}
}

/**
 * Per tool, how many chosen tools it connects with, and whether it is chosen: reused, and left
 * zeroed, between plans, so a choice allocates nothing per partner.
 */
const scratch = new WeakMap<StackGraph, { tally: Int32Array; isChosen: Uint8Array }>();

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
	const size = graph.file.ids.length;
	let reused = scratch.get(graph);
	if (!reused)
		scratch.set(graph, (reused = { tally: new Int32Array(size), isChosen: new Uint8Array(size) }));
	const { tally, isChosen } = reused;
	for (const tool of chosen) isChosen[tool] = 1;
	const touched: number[] = [];
	for (const tool of chosen) {
		const partners = graph.partnersOf[tool];
		for (let k = 0; k < partners.length; k++) {
			const other = partners[k];
			if (!isChosen[other] && tally[other]++ === 0) touched.push(other);
		}
	}
	for (const tool of chosen) isChosen[tool] = 0;
	const { categoryOf, categories: all } = graph.file;
	const limit = category === null ? PER_CATEGORY : IN_ONE_CATEGORY;
	const groups = all.map((_, index) => ({ category: index, total: 0, best: [] as Scored[] }));
	for (const tool of touched) {
		const connected = tally[tool];
		tally[tool] = 0;
		const group = groups[categoryOf[tool]];
		if (category !== null && group.category !== category) continue;
		group.total++;
		offer(graph, group.best, tool, connected, limit);
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
