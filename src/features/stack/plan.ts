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

/**
 * A category's best so far: their scores, best first, and their tools. A score is a candidate's
 * place in the ranking as one number, higher first (`planStack` computes it inline): more chosen
 * tools connected, then more partners in the whole directory (it is likelier to fit the next
 * tool too), then catalogue (name) order, which tool indexes follow; the last two are the
 * graph's `rank`. No two tools share a score, so the same data always gives the same ranking.
 */
interface Best {
	scores: number[];
	tools: number[];
}

/**
 * Puts a tool among the `limit` best: O(limit), nothing allocated. Only for a score above the
 * category's bar (`planStack` checks it, without a call, for each of a hub's thousand partners).
 */
function offer(best: Best, tool: number, score: number, limit: number) {
	const { scores, tools } = best;
	let at = scores.length === limit ? limit - 1 : scores.length;
	while (at > 0 && score > scores[at - 1]) {
		scores[at] = scores[at - 1];
		tools[at] = tools[at - 1];
		at--;
	}
	scores[at] = score;
	tools[at] = tool;
}

/**
 * Per tool, how many chosen tools it connects with, whether it is chosen, and the tools reached:
 * reused, and left zeroed, between plans, so a choice allocates nothing per partner.
 */
const scratch = new WeakMap<
	StackGraph,
	{ tally: Int32Array; isChosen: Uint8Array; touched: Int32Array }
>();

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
		scratch.set(
			graph,
			(reused = {
				tally: new Int32Array(size),
				isChosen: new Uint8Array(size),
				touched: new Int32Array(size),
			}),
		);
	// Indexed loops over typed arrays, scores inline: this runs a few times per page, too few for
	// the JavaScript engine to optimise it, so each step of the thousands it takes is paid in full.
	const { tally, isChosen, touched } = reused;
	for (let i = 0; i < chosen.length; i++) isChosen[chosen[i]] = 1;
	let reached = 0;
	for (let i = 0; i < chosen.length; i++) {
		const partners = graph.partnersOf[chosen[i]];
		for (let k = 0; k < partners.length; k++) {
			const other = partners[k];
			if (!isChosen[other] && tally[other]++ === 0) touched[reached++] = other;
		}
	}
	for (let i = 0; i < chosen.length; i++) isChosen[chosen[i]] = 0;
	const { categoryOf, categories: all } = graph.file;
	const { rank } = graph;
	const limit = category === null ? PER_CATEGORY : IN_ONE_CATEGORY;
	const totals = all.map(() => 0);
	const bests: Best[] = all.map(() => ({ scores: [], tools: [] }));
	// The score a tool must beat to get into its category's best: -1 until the best are full.
	const bar = all.map(() => -1);
	for (let i = 0; i < reached; i++) {
		const tool = touched[i];
		const connected = tally[tool];
		tally[tool] = 0;
		const group = categoryOf[tool];
		if (category !== null && group !== category) continue;
		totals[group]++;
		const score = connected * size + (size - 1 - rank[tool]);
		if (score <= bar[group]) continue;
		const best = bests[group];
		offer(best, tool, score, limit);
		if (best.scores.length === limit) bar[group] = best.scores[limit - 1];
	}
	// The links of the tools shown only: which chosen tools each connects with, in chosen order.
	const linksOf = (tool: number): Link[] => {
		const links: Link[] = [];
		for (const other of chosen) {
			const pair = graph.pairBetween(tool, other);
			if (pair !== -1 && graph.pairs[pair].status !== RETIRED) links.push({ tool: other, pair });
		}
		return links;
	};
	const shown = bests.map(({ tools }, index) => ({
		category: index,
		total: totals[index],
		best: tools.map((tool) => ({ tool, links: linksOf(tool) })),
	}));
	return {
		connections,
		gaps,
		categories: category === null ? shown : [shown[category]],
	};
}
