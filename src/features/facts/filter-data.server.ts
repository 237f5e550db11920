import { liveTools } from '../../lib/catalogue.server.ts';
import { factsByTool } from './data.server.ts';
import { type FilterGroup, type FilterOption, toolsByOption } from './fact-filters.ts';

let once: ReturnType<typeof read> | undefined;

async function read() {
	const tools = await liveTools();
	const facts = await factsByTool();
	return {
		facts,
		/** Every option with the live tools it keeps, in name order (empty ones too). */
		byOption: toolsByOption(tools, facts),
	};
}

/** The fact filters' data of a build, worked out once however many pages ask. */
export function filterData() {
	once ??= read();
	return once;
}

/**
 * The options of each group for a "Filter by facts" panel: those `count` gives any tool
 * (a link to an empty list is never written), each with where it leads.
 */
export function panelGroups(
	groups: readonly FilterGroup[],
	count: (option: FilterOption) => number,
	href: (group: FilterGroup, option: FilterOption) => string,
) {
	return groups.map((group) => ({
		group,
		options: group.options
			.map((option) => ({ option, count: count(option), href: href(group, option) }))
			.filter((entry) => entry.count > 0),
	}));
}
