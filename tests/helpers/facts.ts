import { parseFacts, type ToolFacts } from '../../src/features/facts/facts.ts';
import type { Sql } from '../../src/lib/store/embedded.server.ts';

/** A live tool as the site lists it, with its category and those it also does. */
export interface ListedTool {
	id: string;
	name: string;
	category: string;
	/** Its category, then those its facts say it also does. */
	categories: string[];
}

/**
 * The live tools the build lists (not the fixtures with unusable addresses), in the grid's name
 * order, and their facts as the build reads them.
 */
export async function listedTools(
	sql: Sql,
	unusable: readonly string[],
): Promise<{ tools: ListedTool[]; facts: Map<number, ToolFacts> }> {
	const tools = await sql<ListedTool[]>`
		select a.id::text, a.name, a.category,
			array[a.category] || coalesce((
				select array_agg(also) from tool_facts f, unnest(f.value) also
				where f.tool_id = a.id and f.fact = 'also_does' and also <> a.category), '{}') as categories
		from construction_apps a
		where a.status = 'live' and a.name <> '' and a.name <> all(${unusable as string[]})
		order by lower(a.name), a.name, a.id`;
	const rows = await sql`select * from tool_facts`;
	const facts = parseFacts(rows, new Set(tools.map((tool) => Number(tool.id))), () => {});
	return { tools, facts };
}
