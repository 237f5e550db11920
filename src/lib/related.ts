interface Listed {
	id: number;
	category: string;
}

/**
 * Up to `limit` other tools from the same category: the ones that follow this tool in list
 * (name) order, wrapping round, so every tool in a category is linked from its neighbours.
 */
export function relatedTools<T extends Listed>(tool: Listed, tools: readonly T[], limit = 4): T[] {
	const peers = tools.filter((other) => other.category === tool.category);
	const at = peers.findIndex((other) => other.id === tool.id);
	const after = [...peers.slice(at + 1), ...peers.slice(0, Math.max(at, 0))];
	return after.filter((other) => other.id !== tool.id).slice(0, limit);
}

/**
 * A title for each tool page that no other page shares: the name, plus the tool's host when
 * two live tools have the same name.
 */
export function distinctToolTitles(
	tools: readonly { id: number; name: string; url: string }[],
): Map<number, string> {
	const byName = new Map<string, number>();
	for (const tool of tools) byName.set(tool.name, (byName.get(tool.name) ?? 0) + 1);
	const titles = new Map<number, string>();
	for (const tool of tools) {
		const shared = (byName.get(tool.name) ?? 0) > 1;
		titles.set(
			tool.id,
			shared ? `${tool.name} (${new URL(tool.url).host}, #${tool.id})` : tool.name,
		);
	}
	return titles;
}
