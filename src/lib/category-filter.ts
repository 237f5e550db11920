import { nameMatcher, toolCount } from './search.ts';

/** What the visitor is looking for: a name fragment and a category slug ('' = every category). */
export interface Filter {
	query: string;
	category: string;
}

/** A card of the home page, indexed once: its element, lowercase name and category slug. */
export interface IndexedCard<Element = unknown> {
	element: Element;
	nameKey: string;
	category: string;
}

export interface FilterResult<Element = unknown> {
	/** The cards to show, in catalogue (name) order. */
	matches: IndexedCard<Element>[];
	/** Cards whose name matches the query, in all categories and per category (chip counts). */
	nameMatches: number;
	nameMatchesByCategory: Record<string, number>;
}

/**
 * The cards whose name matches the query (the name search stays name-only) and that are in
 * the chosen category, with the chips' counts from the same pass: one string test per card.
 */
export function filterCards<Element>(
	cards: readonly IndexedCard<Element>[],
	filter: Filter,
): FilterResult<Element> {
	const nameMatchesByCategory: Record<string, number> = {};
	const matches: IndexedCard<Element>[] = [];
	const matchesName = nameMatcher(filter.query);
	let nameMatchCount = 0;
	for (const card of cards) {
		if (!matchesName(card.nameKey)) continue;
		nameMatchCount++;
		nameMatchesByCategory[card.category] = (nameMatchesByCategory[card.category] ?? 0) + 1;
		if (filter.category === '' || card.category === filter.category) matches.push(card);
	}
	return { matches, nameMatches: nameMatchCount, nameMatchesByCategory };
}

/** The filter in an address's query (`?category=slug&q=text`); an unknown category means all. */
export function filterFromSearch(search: string, categories: ReadonlySet<string>): Filter {
	const params = new URLSearchParams(search);
	const category = params.get('category') ?? '';
	return { query: params.get('q') ?? '', category: categories.has(category) ? category : '' };
}

/** The address query for a filter, `category` then `q`, keeping any other parameters after. */
export function searchWithFilter(search: string, filter: Filter): string {
	const others = new URLSearchParams(search);
	others.delete('category');
	others.delete('q');
	const params = new URLSearchParams();
	if (filter.category) params.set('category', filter.category);
	if (filter.query) params.set('q', filter.query);
	for (const [key, value] of others) params.append(key, value);
	const query = params.toString();
	return query ? `?${query}` : '';
}

/** The live status line, e.g. "3 of 182 tools match “pro” in Estimating & Takeoff". */
export function filterStatus(shown: number, total: number, query: string, categoryLabel = '') {
	const trimmed = query.trim();
	if (!trimmed && !categoryLabel) return toolCount(total);
	const match = trimmed ? ` match “${trimmed}”` : '';
	const within = categoryLabel ? ` in ${categoryLabel}` : '';
	return `${shown} of ${toolCount(total)}${match}${within}`;
}
