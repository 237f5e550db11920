import { nameMatcher, toolCount } from './search-rule.ts';

/** A card of the home page, indexed once: its element, lowercase name, categories and tool id. */
export interface IndexedCard<Element = unknown> {
	element: Element;
	nameKey: string;
	/** Its category, then any it "also does" (a documented fact): `data-category`, split. */
	categories: readonly string[];
	/** The tool's id (from the card's link), for the "works with" filter. */
	id?: number;
}

/**
 * One way of narrowing the catalogue, kept in the address as `?<param>=<value>`. The island
 * applies a list of them, combined with AND; adding one (say, "works with") means adding an
 * object here and a control, nothing else.
 */
export interface CardFilter {
	readonly param: string;
	/** The value an address parameter stands for ('' when absent or not a value this filter knows). */
	read(raw: string | null): string;
	/** A test for the cards a value keeps, or null when the value keeps every card. */
	matcher(value: string): ((card: IndexedCard) => boolean) | null;
}

/** The value of each filter, by its address parameter; '' or absent = not narrowing. */
export type FilterValues = Readonly<Record<string, string>>;

/** The spec's name search: `?q=`, a case-insensitive substring of the name only. */
export const nameFilter: CardFilter = {
	param: 'q',
	read: (raw) => raw ?? '',
	matcher(value) {
		if (value.trim() === '') return null;
		const matches = nameMatcher(value);
		return (card) => matches(card.nameKey);
	},
};

/**
 * One category of the fixed taxonomy: `?category=<slug>`, the tools of that category and those
 * that also do its job, as its page lists them; an unknown slug means all.
 */
export function categoryFilter(known: ReadonlySet<string>): CardFilter {
	return {
		param: 'category',
		read: (raw) => (raw && known.has(raw) ? raw : ''),
		matcher: (value) => (value ? (card) => card.categories.includes(value) : null),
	};
}

/** The keys of a `?works_with=` value, in the order chosen: `12,40` (none for ''). */
export const worksWithKeys = (value = '') => (value ? value.split(',') : []);

/**
 * The tools that work with every chosen tool: `?works_with=<key>,<key>…` (integration keys,
 * the tool ids), the intersection of their partner sets. `partnersOf` gives a key's partner
 * ids (retired connections already left out: they are no partnership), or null for a key the
 * page does not offer, which is dropped (none left means all). A set lookup per chosen tool
 * per card, so a keystroke costs the same with it on.
 */
export function worksWithFilter(
	partnersOf: (key: string) => ReadonlySet<number> | null,
): CardFilter {
	return {
		param: 'works_with',
		// Each offered key once, in the address's order.
		read: (raw) => [...new Set(raw?.split(','))].filter(partnersOf).join(','),
		matcher(value) {
			const sets = worksWithKeys(value).flatMap((key) => partnersOf(key) ?? []);
			// A card whose link holds no id (NaN: results-window.ts) is never kept.
			return sets.length ? (card) => sets.every((partners) => partners.has(card.id!)) : null;
		},
	};
}

export interface FilterResult<Element = unknown> {
	/** The cards every filter keeps, in catalogue (name) order. */
	matches: IndexedCard<Element>[];
	/** Cards every filter but the category keeps, in all categories and per category (chip counts). */
	facetTotal: number;
	facetCounts: Record<string, number>;
}

/**
 * The cards that every filter keeps, with the chips' counts from the same pass: per category,
 * how many cards the other filters keep (so a chip says what choosing it would show).
 */
export function filterCards<Element>(
	cards: readonly IndexedCard<Element>[],
	filters: readonly CardFilter[],
	values: FilterValues,
	facet = 'category',
): FilterResult<Element> {
	const active = filters
		.map((filter) => ({ param: filter.param, test: filter.matcher(values[filter.param] ?? '') }))
		.filter((entry) => entry.test !== null);
	const others = active.filter((entry) => entry.param !== facet).map((entry) => entry.test!);
	const facetTest = active.find((entry) => entry.param === facet)?.test ?? null;
	const facetCounts: Record<string, number> = {};
	const matches: IndexedCard<Element>[] = [];
	let facetTotal = 0;
	// Index loops: this runs for every card on every keystroke (10,000 cards: well under 1 ms).
	for (let i = 0; i < cards.length; i++) {
		const card = cards[i]!;
		let kept = true;
		for (let t = 0; kept && t < others.length; t++) kept = others[t]!(card);
		if (!kept) continue;
		facetTotal++;
		for (const category of card.categories)
			facetCounts[category] = (facetCounts[category] ?? 0) + 1;
		if (!facetTest || facetTest(card)) matches.push(card);
	}
	return { matches, facetTotal, facetCounts };
}

/** Whether any filter narrows the catalogue (the grid then gives way to the matches). */
export function isFiltering(filters: readonly CardFilter[], values: FilterValues): boolean {
	return filters.some((filter) => filter.matcher(values[filter.param] ?? '') !== null);
}

/** Each filter's value in an address query, e.g. `?category=slug&q=text`. */
export function valuesFromSearch(search: string, filters: readonly CardFilter[]): FilterValues {
	const params = new URLSearchParams(search);
	return Object.fromEntries(
		filters.map((filter) => [filter.param, filter.read(params.get(filter.param))]),
	);
}

/** The address query for the values, in the filters' order, keeping other parameters after. */
export function searchWithValues(
	search: string,
	filters: readonly CardFilter[],
	values: FilterValues,
): string {
	const others = new URLSearchParams(search);
	const params = new URLSearchParams();
	for (const { param } of filters) {
		others.delete(param);
		if (values[param]) params.set(param, values[param]);
	}
	for (const [key, value] of others) params.append(key, value);
	// A comma may stand in a query: `?works_with=12,40` reads better than `12%2C40`. Written here
	// rather than with the pickers' address module (picker/address.ts): shared with the compare
	// and stack islands, it became a chunk of its own, 0.5 KB more on the home page (record 24).
	const query = params.toString().replace(/%2C/g, ',');
	return query ? `?${query}` : '';
}

/**
 * The live status line, e.g. "3 of 182 tools match “pro” in Estimating & Takeoff and work
 * with Procore, filtered by Android, Free version".
 */
export function filterStatus(
	shown: number,
	total: number,
	query: string,
	categoryLabel = '',
	worksWithName = '',
	factLabels = '',
) {
	const trimmed = query.trim();
	if (!trimmed && !categoryLabel && !worksWithName && !factLabels) return toolCount(total);
	const match = trimmed ? ` match “${trimmed}”` : '';
	const within = categoryLabel ? ` in ${categoryLabel}` : '';
	const partners = worksWithName ? `${trimmed ? ' and' : ''} work with ${worksWithName}` : '';
	const facts = factLabels ? `, filtered by ${factLabels}` : '';
	return `${shown} of ${toolCount(total)}${match}${within}${partners}${facts}`;
}
