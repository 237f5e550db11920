import { liveTools } from '../../lib/catalogue.server.ts';
import { loadConfig } from '../../lib/config.server.ts';
import type { PublicTable } from '../../lib/store/public-table.server.ts';
import { readPublicTable } from '../../lib/store/public-table.server.ts';
import { type Change, parseChanges } from './changes.ts';

/** How many of the newest changes the page and the feed show. */
export const CHANGES_SHOWN = 100;

/** The change log as the build reads it: anon sees rows about live tools and removals (RLS). */
const CHANGES_TABLE: PublicTable = {
	table: 'published_changes',
	columns:
		'id, changed_at, kind, tool_id, tool_name, other_tool_id, other_tool_name, fact, value, previous_value',
	orderBy: ['id'],
	descending: true,
	// One more than shown: the oldest shown may be a fact's "set" whose "removed" comes next.
	limit: CHANGES_SHOWN + 1,
};

let once: Promise<{ changes: Change[]; listed: Set<number> }> | undefined;

/** The newest changes, read once per build; `listed`: the tools that have a page. */
export function newestChanges() {
	once ??= (async () => {
		const rows = await readPublicTable(loadConfig('build'), CHANGES_TABLE);
		const listed = new Set((await liveTools()).map((tool) => tool.id));
		// A live row the build leaves out (catalogue.server.ts: no name, an address that is not
		// http(s)) is on no page, so not here either; a removal names no tool id and stays.
		const shown = (id: number | null) => id === null || listed.has(id);
		const changes = parseChanges(rows).filter(
			(change) => shown(change.toolId) && shown(change.otherToolId),
		);
		return { changes: changes.slice(0, CHANGES_SHOWN), listed };
	})();
	return once;
}
