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
