// The build's side of the stack page's files (graph.ts describes them): the graph of every live
// tool and connection, and each connected tool's sources and notes.
import { CATEGORIES, CATEGORY_SLUGS } from '../../lib/categories.ts';
import { MOVE_KEYS } from '../integrations/details.ts';
import type { Integration } from '../integrations/types.ts';
import {
	type ConnectionsFile,
	FLOW,
	type GraphFile,
	STATUS_CODES,
	TOOLS_PER_CONNECTIONS_FILE,
	VIA_CODES,
	VIA_MIDDLEWARE,
} from './graph.ts';

interface ToolEntry {
	id: number;
	name: string;
	category: string;
}

/** Which way data flows, said from a (`lowIsA`: a is the pair's low tool, as stored). */
function flowFromA(direction: Integration['direction'], lowIsA: boolean) {
	if (direction === null) return FLOW.unknown;
	if (direction === 'both') return FLOW.both;
	return (direction === 'low_to_high') === lowIsA ? FLOW.aToB : FLOW.bToA;
}

/**
 * The graph file for `tools` (in catalogue order) and every connection between them, retired
 * ones included (the page names them where a pair of chosen tools has no working connection).
 * Linear in tools and pairs, and the same data always gives the same file.
 */
export function graphFile(tools: readonly ToolEntry[], integrations: readonly Integration[]) {
	const indexOf = new Map(tools.map((tool, index) => [tool.id, index]));
	const categoryIndex = new Map(CATEGORY_SLUGS.map((slug, index) => [slug as string, index]));
	const services = [...new Set(integrations.map((pair) => pair.viaService ?? ''))]
		.filter(Boolean)
		.sort();
	const days = [...new Set(integrations.map((pair) => pair.verifiedOn))].sort().reverse();
	const dayIndex = new Map(days.map((day, index) => [day, index]));
	const rows = integrations
		.filter((pair) => indexOf.has(pair.lowId) && indexOf.has(pair.highId))
		.map((pair) => {
			const [x, y] = [indexOf.get(pair.lowId)!, indexOf.get(pair.highId)!];
			const [a, b] = x < y ? [x, y] : [y, x];
			// Stored low to high; the file says it from a, the lower tool index.
			const lowIsA = x < y;
			const flow = flowFromA(pair.direction, lowIsA);
			const moves = (pair.moves ?? []).reduce(
				(bits, move) => bits | (1 << MOVE_KEYS.indexOf(move)),
				0,
			);
			const via =
				pair.via === null
					? 0
					: pair.via === 'middleware'
						? VIA_MIDDLEWARE + services.indexOf(pair.viaService!)
						: VIA_CODES.indexOf(pair.via) + 1;
			const status = pair.status === null ? 0 : STATUS_CODES.indexOf(pair.status) + 1;
			return [a, b, flow, moves, via, status, dayIndex.get(pair.verifiedOn)!];
		})
		.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
	const pairs: number[] = [];
	let previous = 0;
	for (const [a, b, ...rest] of rows) {
		pairs.push(a - previous, b - a, ...rest);
		previous = a;
	}
	const file: GraphFile = {
		categories: CATEGORY_SLUGS.map((slug) => [slug, CATEGORIES.get(slug)!.label]),
		services,
		days,
		connectionFiles: connectionFileCount(integrations),
		ids: tools.map((tool) => tool.id),
		names: tools.map((tool) => tool.name),
		categoryOf: tools.map((tool) => categoryIndex.get(tool.category) ?? 0),
		pairs,
	};
	return file;
}

/** How many connections files: one per TOOLS_PER_CONNECTIONS_FILE connected tools, at least one. */
export function connectionFileCount(integrations: readonly Integration[]): number {
	const connected = new Set(integrations.flatMap((pair) => [pair.lowId, pair.highId]));
	return Math.max(1, Math.ceil(connected.size / TOOLS_PER_CONNECTIONS_FILE));
}

/**
 * The connections files, by number: each tool's partners' sources and notes, keyed by tool id
 * then partner id, in the file `connectionsUrl` names for the tool. Each pair is in both its
 * tools' entries, so one file answers for every connection of a chosen tool.
 */
export function connectionsFiles(
	integrations: readonly Integration[],
): Map<number, ConnectionsFile> {
	const count = connectionFileCount(integrations);
	const files = new Map<number, ConnectionsFile>();
	const add = (tool: number, partner: number, pair: Integration) => {
		let file = files.get(tool % count);
		if (!file) files.set(tool % count, (file = {}));
		(file[tool] ??= {})[partner] = [pair.sourceUrl, pair.note];
	};
	for (const pair of integrations) {
		add(pair.lowId, pair.highId, pair);
		add(pair.highId, pair.lowId, pair);
	}
	return files;
}
