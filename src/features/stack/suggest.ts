/** How many matching tools the picker offers at a time. */
export const SUGGESTIONS = 8;

/**
 * The tools the picker offers for what was typed (a case-insensitive part of the name): names
 * that start with it first, then the more connected, then catalogue order; chosen tools left
 * out. One pass over the names, keeping the best few, so a keystroke costs the same at any size.
 */
export function suggest(
	lowerNames: readonly string[],
	degree: ArrayLike<number>,
	typed: string,
	chosen: ReadonlySet<number>,
	limit = SUGGESTIONS,
): number[] {
	const needle = typed.trim().toLowerCase();
	if (!needle) return [];
	const best: { tool: number; prefix: boolean }[] = [];
	const before = (p: (typeof best)[number], q: (typeof best)[number]) =>
		p.prefix !== q.prefix
			? p.prefix
			: degree[p.tool] !== degree[q.tool]
				? degree[p.tool] > degree[q.tool]
				: p.tool < q.tool;
	for (let tool = 0; tool < lowerNames.length; tool++) {
		const at = lowerNames[tool].indexOf(needle);
		if (at === -1 || chosen.has(tool)) continue;
		const entry = { tool, prefix: at === 0 };
		if (best.length === limit && !before(entry, best[limit - 1])) continue;
		let place = Math.min(best.length, limit - 1);
		best[place] = entry;
		while (place > 0 && before(entry, best[place - 1])) {
			[best[place], best[place - 1]] = [best[place - 1], entry];
			place--;
		}
	}
	return best.map((entry) => entry.tool);
}
