/**
 * The home grid renders one page of cards; the rest of the catalogue waits in a `<template>`.
 * Ids of the parts, shared by the grid (Astro) and the search island (React).
 */
export function gridParts(gridId: string) {
	return { more: `${gridId}-more`, footer: `${gridId}-footer` };
}

/** Cards rendered on the home page before any search, and added per "Show more". */
export const GRID_PAGE_SIZE = 24;

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
