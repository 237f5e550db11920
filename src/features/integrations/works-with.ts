import { partnersByTool, rankHubs } from './graph.ts';
import { integrationKey } from './key.ts';
import type { Integration } from './types.ts';

export interface WorksWithOption {
	/** The `?works_with=` value and the `/integrations/{key}/` page. */
	key: string;
	id: number;
	name: string;
	partners: number;
}

export interface WorksWithIndex {
	/** Every tool with a partner, most connected first: the filter's choices. */
	hubs: WorksWithOption[];
	/** Tool id → the ids of the tools it works with. */
	partnerIds: Map<number, number[]>;
}

/**
 * What the home page's "works with" filter needs: the choices, most connected first, and
 * each tool's partner ids, so filtering to a platform is one lookup.
 */
export function worksWithIndex(
	tools: readonly { id: number; name: string }[],
	integrations: readonly Integration[],
): WorksWithIndex {
	const order = new Map(tools.map((tool, at) => [tool.id, at]));
	const partners = partnersByTool(integrations, (id) => order.get(id) ?? Infinity);
	const names = new Map(tools.map((tool) => [tool.id, tool.name]));
	const hubs = rankHubs(
		tools.map((tool) => tool.id),
		partners,
	).map(({ id, partners: count }) => ({
		key: integrationKey(id),
		id,
		name: names.get(id)!,
		partners: count,
	}));
	const partnerIds = new Map(
		[...partners].map(([id, list]) => [id, list.map((partner) => partner.id)]),
	);
	return { hubs, partnerIds };
}
