/**
 * When a search names no tool: the categories and capabilities whose names match what was
 * typed ("takeoff software" → Estimating & Takeoff, On-screen 2D takeoff…). The search itself
 * keeps the specification's rule (tool names only); this only offers where to look instead.
 * The links are static HTML on the home page (SearchHints.astro); the island reads them there.
 */

/** The id of the home page's links (SearchHints.astro). Here, not in grid-markup.ts: the island's
 * lazily loaded extras read it, and a module shared with the eager island becomes a chunk of its
 * own on the home page, whose JavaScript is budgeted. */
export const SEARCH_HINTS_ID = 'search-hints';

/** Words that say nothing about what a tool does: "takeoff software" asks for takeoff. */
const FILLER = new Set([
	'a',
	'an',
	'and',
	'app',
	'apps',
	'construction',
	'for',
	'in',
	'of',
	'platform',
	'program',
	'software',
	'system',
	'the',
	'tool',
	'tools',
	'with',
]);

/** The words of a query that can name a job: lowercase, without filler and punctuation. */
export function hintWords(query: string): string[] {
	return query
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter((word) => word.length > 1 && !FILLER.has(word));
}

export interface Hint {
	/** What the label is matched on: the category's or the capability's name. */
	label: string;
	href: string;
	/** The link's words as the page writes them: "Assemblies: 6 tools". */
	text: string;
}

/** The hints whose label holds every word of the query (none when it has no such word). */
export function matchingHints(query: string, hints: readonly Hint[]): Hint[] {
	const words = hintWords(query);
	if (!words.length) return [];
	return hints.filter((hint) => {
		const label = hint.label.toLowerCase();
		return words.every((word) => label.includes(word));
	});
}
