import { liveTools } from '../../lib/catalogue.server.ts';
import { loadConfig } from '../../lib/config.server.ts';
import { FACTS_TABLE } from '../../lib/store/facts.server.ts';
import { readPublicTable } from '../../lib/store/public-table.server.ts';
import { parseFacts, type ToolFacts } from './facts.ts';

let once: Promise<Map<number, ToolFacts>> | undefined;

/** Every live tool's facts, read once per build however many pages ask. */
export function factsByTool(): Promise<Map<number, ToolFacts>> {
	once ??= (async () => {
		const tools = await liveTools();
		const rows = await readPublicTable(loadConfig('build'), FACTS_TABLE);
		return parseFacts(rows, new Set(tools.map((tool) => tool.id)));
	})();
	return once;
}
