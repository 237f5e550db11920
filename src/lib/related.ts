/**
 * Related tools: the `limit` tools after position `at` in its category's list (name order),
 * wrapping round, never the tool itself, so every tool in a category is linked from its
 * neighbours; in time independent of the category's size.
 */
export function relatedTools<T>(peers: readonly T[], at: number, limit = 4): T[] {
	const count = Math.max(0, Math.min(limit, peers.length - 1));
	return Array.from({ length: count }, (_, k) => peers[(at + 1 + k) % peers.length]!);
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
