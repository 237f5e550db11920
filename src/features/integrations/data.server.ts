import { liveTools, type Tool } from '../../lib/catalogue.server.ts';
import { loadConfig } from '../../lib/config.server.ts';
import {
	INTEGRATION_SEARCHES_TABLE,
	openIntegrationReader,
} from '../../lib/store/integrations.server.ts';
import { readPublicTable } from '../../lib/store/public-table.server.ts';
import { isoDay } from '../../lib/dates.ts';
import {
	countsAsPartner,
	type Hub,
	parseIntegrations,
	partnersByTool,
	rankHubs,
	retiredByTool,
} from './graph.ts';
import type { Integration, Partner } from './types.ts';

/** Everything the integration pages need, computed once per build. */
export interface IntegrationData {
	toolsById: Map<number, Tool>;
	/** The connections that count (any but the retired ones). */
	integrations: Integration[];
	/** Every connection between live tools, the retired ones too (the stack page says so). */
	all: Integration[];
	/** Each connected tool's partners, in catalogue (name) order. */
	partners: Map<number, Partner[]>;
	/** Each tool's connections a vendor retired, in catalogue order: shown, never counted. */
	retired: Map<number, Partner[]>;
	/** Connected tools, most partners first. */
	hubs: Hub[];
	/** Whether two tools have a connection that counts. */
	isLinked: (a: number, b: number) => boolean;
	/** Where a tool's own pages document no integration: what was looked for, and when. */
	searched: Map<number, IntegrationSearch>;
}

/** "No integration documented on its own pages": what was looked for, on which day. */
export interface IntegrationSearch {
	/** YYYY-MM-DD */
	on: string;
	lookedAt: string;
}

let once: Promise<IntegrationData> | undefined;

/** Live integrations between live tools, read once per build however many pages ask. */
export function integrationData(): Promise<IntegrationData> {
	once ??= (async () => {
		const tools = await liveTools();
		const reader = await openIntegrationReader(loadConfig('build'));
		let rows;
		try {
			rows = await reader.listLiveIntegrations();
		} finally {
			await reader.close();
		}
		const toolsById = new Map(tools.map((tool) => [tool.id, tool]));
		const searched = new Map<number, IntegrationSearch>();
		for (const row of await readPublicTable(loadConfig('build'), INTEGRATION_SEARCHES_TABLE)) {
			const on = isoDay(row.searched_on);
			const lookedAt = String(row.looked_at ?? '').trim();
			if (on && lookedAt && toolsById.has(Number(row.tool_id)))
				searched.set(Number(row.tool_id), { on, lookedAt });
		}
		const all = parseIntegrations(rows, new Set(toolsById.keys()));
		const order = new Map(tools.map((tool, at) => [tool.id, at]));
		const rank = (id: number) => order.get(id)!;
		const partners = partnersByTool(all, rank);
		const hubs = rankHubs(
			tools.map((tool) => tool.id),
			partners,
		);
		const integrations = all.filter(countsAsPartner);
		const pairs = new Set(integrations.map((pair) => `${pair.lowId}-${pair.highId}`));
		return {
			toolsById,
			integrations,
			all,
			partners,
			retired: retiredByTool(all, rank),
			hubs,
			isLinked: (a, b) => pairs.has(a < b ? `${a}-${b}` : `${b}-${a}`),
			searched,
		};
	})();
	return once;
}
