/** The id of the `<datalist>` of listed tools that the submit form's "Works with" field uses. */
export const WORKS_WITH_LIST_ID = 'listed-tools';

/** How many names the datalist offers: the most connected tools, then the rest by name. */
export const WORKS_WITH_CHOICES = 500;

/**
 * The names the "Works with" field suggests, the most connected first, capped so /newapp/ stays
 * small at any catalogue size; any other listed tool is still accepted when typed in full.
 */
export function worksWithChoices(
	toolsInOrder: readonly { id: number; name: string }[],
	hubIds: readonly number[],
	limit = WORKS_WITH_CHOICES,
): string[] {
	const names = new Map(toolsInOrder.map((tool) => [tool.id, tool.name]));
	const chosen = new Set<string>();
	for (const id of [...hubIds, ...names.keys()]) {
		if (chosen.size >= limit) break;
		chosen.add(names.get(id)!);
	}
	return [...chosen];
}
