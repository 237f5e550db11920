/** How many matching tools a picker offers at a time: enough to scan, few to arrow through. */
export const SUGGESTIONS = 8;

/**
 * The tools a picker offers for what was typed (a case-insensitive part of the name), as
 * indexes into `lowerNames`: names that start with it first, then the higher `rank` (a stack's
 * most connected; none on the compare page), then catalogue order; chosen tools left out. One
 * pass over the names, keeping the best few, so a keystroke costs the same at any size.
 */
export function matchTools(
	lowerNames: readonly string[],
	typed: string,
	chosen: ReadonlySet<number>,
	rank?: ArrayLike<number>,
	limit = SUGGESTIONS,
): number[] {
	const needle = typed.trim().toLowerCase();
	if (!needle) return [];
	const score = (tool: number) => rank?.[tool] ?? 0;
	const best: { tool: number; prefix: boolean }[] = [];
	const before = (p: (typeof best)[number], q: (typeof best)[number]) => {
		if (p.prefix !== q.prefix) return p.prefix;
		if (score(p.tool) !== score(q.tool)) return score(p.tool) > score(q.tool);
		return p.tool < q.tool;
	};
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
