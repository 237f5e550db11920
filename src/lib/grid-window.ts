import type { IndexedCard } from './category-filter.ts';
import { searchKey } from './search.ts';

/**
 * The home grid renders one page of cards; the rest of the catalogue waits in a `<template>`.
 * Ids of the parts, shared by the grid (Astro) and the search island (React).
 */
export function gridParts(gridId: string) {
	return { more: `${gridId}-more`, footer: `${gridId}-footer` };
}

/**
 * Cards rendered on the home page before any search, per search result, and per "Show more":
 * more than a screen on a phone and on a desktop below the banner. A keystroke's cost grows with
 * it (measured: 12 cards ~13-16 ms p95, 24 cards ~17-19 ms, with `npm run bench`).
 */
export const GRID_PAGE_SIZE = 12;

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
export type Card = IndexedCard<Element>;

/** Every card of the page, rendered or waiting in the grid's template, indexed once. */
export function indexCards(grid: HTMLElement | null, more: HTMLTemplateElement | null): Card[] {
	const elements = [...(grid?.children ?? []), ...(more?.content.children ?? [])];
	return elements.map((element) => ({
		element,
		nameKey: searchKey(element.querySelector('.card__name')?.textContent ?? ''),
		category: (element as HTMLElement).dataset.category ?? '',
	}));
}

/**
 * Moves the template's cards into this document a batch at a time while the page is idle, so
 * that no keystroke pays for adopting the cards it shows first (in a 10,000-tool catalogue the
 * first search would otherwise take several frames).
 */
export function adoptWhenIdle(cards: Card[], from = 0) {
	if (!('requestIdleCallback' in window)) return;
	requestIdleCallback((deadline) => {
		let i = from;
		// Small steps, within the idle time the browser grants, so typing never waits on them.
		while (i < cards.length && deadline.timeRemaining() > 2) {
			const end = Math.min(i + 100, cards.length);
			for (; i < end; i++) {
				const { element } = cards[i]!;
				// adoptNode also detaches: leave the cards already in this page where they are.
				if (element.ownerDocument !== document) document.adoptNode(element);
			}
		}
		if (i < cards.length) adoptWhenIdle(cards, i);
	});
}
