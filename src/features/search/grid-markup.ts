/**
 * The markup contract between the server-rendered tool grid (ToolGrid.astro, ToolCard.astro)
 * and the code that reads it (the search island, tests, the benchmark): one home for each
 * class name and id, so a rename cannot leave a reader behind.
 */

/** A card's class, and the class of the element holding the tool's name. */
export const CARD_CLASS = 'card';
export const CARD_NAME_CLASS = 'card__name';
export const CARD_SELECTOR = `li.${CARD_CLASS}`;
export const CARD_NAME_SELECTOR = `.${CARD_NAME_CLASS}`;

/** The id of the home page's whole grid, and of the list the island shows matches in. */
export const HOME_GRID_ID = 'tool-grid';
export const RESULTS_ID = 'tool-results';

/**
 * Cards per section of a grid. Each section is a list the browser lays out and paints only
 * near the viewport (`content-visibility: auto`), so a grid of 10,000 cards costs about one
 * screen of them. A multiple of 12 keeps every row of a 1, 2, 3 or 4 column grid full;
 * src/components/tool-card.css holds the estimated height of a section, so change both together.
 */
export const GRID_SECTION_SIZE = 48;

/** Set on the whole grid while a search or filter shows its matches in the results list. */
export const GRID_DORMANT_ATTRIBUTE = 'data-dormant';

/** Splits `items` into consecutive sections of `size`. */
export function sections<T>(items: readonly T[], size = GRID_SECTION_SIZE): T[][] {
	const out: T[][] = [];
	for (let start = 0; start < items.length; start += size)
		out.push(items.slice(start, start + size));
	return out;
}

/** The home page's "Filter by facts" panel (a `<details>` of links to the filter pages). */
export const FACT_PANEL_ID = 'fact-filters';
