/**
 * What the market map's little script does with the address, kept free of the DOM so it is
 * tested: the fact filters and "works with" from `?platform=android&works_with=12`, and whether
 * a tile (its `data-f` tokens and tool id) matches them. The same tokens and partner lists as the
 * home page's cards and datalist (fact-filters.ts `filterTokens`, works-with-options.ts).
 */

/** The active filters: `param:value` tokens every tile must carry, and partner sets to be in. */
export interface ActiveFilters {
	tokens: string[];
	partnerSets: ReadonlySet<number>[];
}

/**
 * The filters an address asks for, among those the page offers (`offered`: `param:value`
 * tokens; `partnersOf`: a works-with key's partner ids, or null for a key not offered).
 */
export function activeFilters(
	search: string,
	offered: ReadonlySet<string>,
	partnersOf: (key: string) => ReadonlySet<number> | null,
): ActiveFilters {
	const params = new URLSearchParams(search);
	const tokens: string[] = [];
	for (const [param, value] of params)
		if (
			param !== 'works_with' &&
			offered.has(`${param}:${value}`) &&
			!tokens.includes(`${param}:${value}`)
		)
			tokens.push(`${param}:${value}`);
	const partnerSets = (params.get('works_with') ?? '')
		.split(',')
		.flatMap((key) => (key ? (partnersOf(key) ?? []) : []));
	return { tokens, partnerSets };
}

export const isFiltering = (active: ActiveFilters) =>
	active.tokens.length > 0 || active.partnerSets.length > 0;

/** Whether a tile with these `data-f` tokens, for tool `id`, is kept by every active filter. */
export function tileMatches(tileTokens: string, id: number, active: ActiveFilters): boolean {
	const own = tileTokens ? tileTokens.split(' ') : [];
	return (
		active.tokens.every((token) => own.includes(token)) &&
		active.partnerSets.every((partners) => partners.has(id))
	);
}

/** The address with `param=value` toggled: set (replacing the param's other value) or removed. */
export function toggledSearch(search: string, param: string, value: string): string {
	const params = new URLSearchParams(search);
	if (params.get(param) === value) params.delete(param);
	else params.set(param, value);
	const query = params.toString().replace(/%2C/g, ',');
	return query ? `?${query}` : '';
}
