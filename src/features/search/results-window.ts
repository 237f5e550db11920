import type { IndexedCard } from './filters.ts';
import { revealLogos } from './deferred-logos.ts';
import { CARD_NAME_CLASS, CARD_SELECTOR } from './grid-markup.ts';
import { searchKey } from './search-rule.ts';

/**
 * Matches shown per search, and added per "Show more" or as the visitor scrolls near the end.
 * A keystroke's cost grows with it: twelve new cards are 6-10 ms of the browser's style,
 * layout and paint at 10,000 tools (record 0006), about a screen of them at 1280 × 900.
 */
export const RESULTS_PAGE_SIZE = 12;

/**
 * Puts exactly `elements`, in order, into `list`, touching the DOM only when that changes.
 * Growing the list by a page appends; anything else replaces the children in one call, which
 * moves (never clones) the elements, so a card keeps its loaded logo.
 */
export function showInList(list: ParentNode & { children: HTMLCollection }, elements: Element[]) {
	const current = list.children;
	let same = 0;
	while (same < elements.length && same < current.length && current[same] === elements[same])
		same++;
	if (same === elements.length && same === current.length) return;
	if (same === current.length) list.append(...elements.slice(same));
	else list.replaceChildren(...elements);
}

/** A card of the home grid as the search island indexes it. */
export type Card = IndexedCard<Element> & { copy?: Element };

/**
 * Every card of the grid, in order, indexed once (name and categories from its markup). One
 * live lookup of the name elements rather than a query per card: at 10,000 cards this runs
 * while the page is still rendering.
 */
export function indexCards(grid: HTMLElement | null): Card[] {
	if (!grid) return [];
	const names = grid.getElementsByClassName(CARD_NAME_CLASS);
	const cards: Card[] = [];
	for (let i = 0; i < names.length; i++) {
		const name = names[i]!;
		const element = name.closest<HTMLElement>(CARD_SELECTOR);
		if (!element) continue;
		cards.push({
			element,
			nameKey: searchKey(name.textContent ?? ''),
			categories: (element.dataset.category ?? '').split(' '),
			id: toolIdFromLink(name.closest('a')?.getAttribute('href')),
		});
	}
	return cards;
}

/** The tool id in a card's link (`/app/{id}/`, see paths.tool); NaN, never a partner, if none. */
const toolIdFromLink = (href: string | null | undefined) =>
	Number(/\/app\/(\d+)\/$/.exec(href ?? '')?.[1]);

/**
 * The card as the results list shows it: a copy made on first use and kept, so the grid itself
 * never changes during a search and a copy keeps its loaded logo from one keystroke to the next.
 */
export function resultCard(card: Card): Element {
	if (!card.copy) {
		card.copy = card.element.cloneNode(true) as Element;
		revealLogos(card.copy);
	}
	return card.copy;
}
