/**
 * The stack page's data: what the build writes (`GraphFile`, one static JSON) and what the
 * island makes of it once (`StackGraph`). Compact by design (budget: 40 B gzip per pair): tools
 * are indexes in catalogue (name) order, words that repeat are numbers, a pair's details are
 * seven numbers. Sources and notes are not in it: a chosen tool's connections file brings them
 * (`ConnectionsFile`), so the graph stays small however long the addresses are.
 */
import { MOVE_KEYS } from '../integrations/details.ts';

export const STACK_GRAPH_URL = '/stack/graph.json';
/** Connected tools per connections file: a few dozen files, not one per tool, keep builds short. */
export const TOOLS_PER_CONNECTIONS_FILE = 32;
/** The connections file holding a tool's sources and notes (`files`: GraphFile.connectionFiles). */
export const connectionsUrl = (toolId: number, files: number) =>
	`/stack/connections/${toolId % files}.json`;

export interface GraphFile {
	/** [slug, label] of each category; `categoryOf` indexes them. */
	categories: [string, string][];
	/** Middleware services; a via code of `VIA_MIDDLEWARE` + k names services[k]. */
	services: string[];
	/** The days sources were read (YYYY-MM-DD); a pair's day indexes them. */
	days: string[];
	/** How many connections files there are (`connectionsUrl`). */
	connectionFiles: number;
	/** Every live tool, in catalogue order. */
	ids: number[];
	names: string[];
	categoryOf: number[];
	/**
	 * Seven numbers per pair of tool indexes a < b, pairs sorted: a minus the previous pair's
	 * a, b minus a, flow, moves, via, status, day (see the codes below).
	 */
	pairs: number[];
}

/** Some tools' connections: tool id → partner id → [source URL, note or null]. */
export type ConnectionsFile = Record<string, Record<string, [string, string | null]>>;

/** Flow codes, seen from a: not documented, a to b, b to a, both ways. */
export const FLOW = { unknown: 0, aToB: 1, bToA: 2, both: 3 } as const;
/** Via codes: 0 not documented, then `VIA_CODES` in order, then middleware services. */
export const VIA_CODES = ['built_in', 'marketplace_app', 'file_exchange'] as const;
export const VIA_MIDDLEWARE = VIA_CODES.length + 1;
/** Status codes: 0 current, then these. */
export const STATUS_CODES = ['beta', 'deprecated', 'retired'] as const;
export const RETIRED = STATUS_CODES.indexOf('retired') + 1;
export const PAIR_FIELDS = 7;

export interface Pair {
	a: number;
	b: number;
	flow: number;
	/** Bit i set: MOVE_KEYS[i] moves. */
	moves: number;
	via: number;
	status: number;
	day: number;
}

/** What a pair's `moves` bits stand for, in MOVE_KEYS order (encode.ts sets bit i for MOVE_KEYS[i]). */
export const movesOf = (bits: number) => MOVE_KEYS.filter((_, bit) => bits & (1 << bit));

export interface StackGraph {
	file: GraphFile;
	pairs: Pair[];
	/** Tool index → its pairs' indexes (`pairs`), in pair order. */
	pairsOf: number[][];
	/** Tool index → the tools it works with (retired connections do not count), as a typed
	 * array: the ranking of a choice walks every partner of every chosen tool. */
	partnersOf: Int32Array[];
	/** Tool index → how many tools it works with: the length of its `partnersOf`. */
	degree: Int32Array;
	/**
	 * Tool index → its place when every tool is ordered by partners (most first), then catalogue
	 * order: the tie-break of a stack's candidates, one comparison instead of two.
	 */
	rank: Int32Array;
	indexOfId: Map<number, number>;
	/** The pair between two tools, or -1. */
	pairBetween(x: number, y: number): number;
}

/** Reads the build's file once: the pairs, each tool's pairs and partner count. */
export function readGraph(file: GraphFile): StackGraph {
	const tools = file.ids.length;
	const pairs: Pair[] = [];
	const pairsOf: number[][] = Array.from({ length: tools }, () => []);
	const partners: number[][] = Array.from({ length: tools }, () => []);
	const degree = new Int32Array(tools);
	const byKey = new Map<number, number>();
	let a = 0;
	for (let at = 0; at < file.pairs.length; at += PAIR_FIELDS) {
		const [da, db, flow, moves, via, status, day] = file.pairs.slice(at, at + PAIR_FIELDS);
		a += da;
		const b = a + db;
		const index = pairs.push({ a, b, flow, moves, via, status, day }) - 1;
		pairsOf[a].push(index);
		pairsOf[b].push(index);
		byKey.set(a * tools + b, index);
		if (status !== RETIRED) {
			partners[a].push(b);
			partners[b].push(a);
			degree[a]++;
			degree[b]++;
		}
	}
	const rank = new Int32Array(tools);
	Array.from({ length: tools }, (_, tool) => tool)
		.sort((p, q) => degree[q] - degree[p] || p - q)
		.forEach((tool, place) => (rank[tool] = place));
	return {
		file,
		pairs,
		pairsOf,
		partnersOf: partners.map((list) => Int32Array.from(list)),
		degree,
		rank,
		indexOfId: new Map(file.ids.map((id, index) => [id, index])),
		pairBetween: (x, y) => byKey.get(x < y ? x * tools + y : y * tools + x) ?? -1,
	};
}

/** The other end of a pair. */
export const otherEnd = (pair: Pair, tool: number) => (pair.a === tool ? pair.b : pair.a);

/** The flow seen from `tool`: it sends (`out`), receives (`in`), both, or null (not documented). */
export function flowFrom(pair: Pair, tool: number): 'out' | 'in' | 'both' | null {
	if (pair.flow === FLOW.both) return 'both';
	if (pair.flow === FLOW.unknown) return null;
	return (pair.flow === FLOW.aToB) === (pair.a === tool) ? 'out' : 'in';
}
