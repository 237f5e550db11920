import { nameMatches, toolCount } from './search.ts';

/** What the visitor is looking for: a name fragment and a category slug ('' = every category). */
export interface Filter {
	query: string;
	category: string;
}

/** A server-rendered card, indexed once: its element, lowercase name and category slug. */
export interface FilterableCard {
	element: { hidden: boolean | string };
	nameKey: string;
	category: string;
	shown: boolean;
}

export interface FilterResult {
	/** Cards now shown. */
	shown: number;
	/** Cards whose name matches the query, in all categories and per category (chip counts). */
	nameMatches: number;
	nameMatchesByCategory: Record<string, number>;
}

/**
 * Shows the cards whose name matches the query (the name search stays name-only) and that are
 * in the chosen category. `hidden` is written only where it changes, so a keystroke costs one
 * string test per card and DOM writes only for the cards that appear or disappear.
 */
export function applyFilter(cards: readonly FilterableCard[], filter: Filter): FilterResult {
	const nameMatchesByCategory: Record<string, number> = {};
	let shown = 0;
	let matches = 0;
	for (const card of cards) {
		const nameMatch = nameMatches(card.nameKey, filter.query);
		if (nameMatch) {
			matches++;
			nameMatchesByCategory[card.category] = (nameMatchesByCategory[card.category] ?? 0) + 1;
		}
		const show = nameMatch && (filter.category === '' || card.category === filter.category);
		if (show !== card.shown) {
			card.element.hidden = !show;
			card.shown = show;
		}
		if (show) shown++;
	}
	return { shown, nameMatches: matches, nameMatchesByCategory };
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
