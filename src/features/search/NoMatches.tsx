import type { RefObject } from 'react';
import { noFactValues } from './fact-filter.ts';
import type { FilterValues } from './filters.ts';
import type { HistoryMode } from './useFilterAddress.ts';

interface Props {
	/** The trimmed query ('' when only a category narrows), and the chosen category's label. */
	query: string;
	categoryLabel: string | undefined;
	/** The names of the tools the matches must work with, as a list ('' when that filter is off). */
	worksWithName: string;
	/** The chosen fact filters' labels ('' when none). */
	factLabels: string;
	/** The island's own update, and where the focus goes after undoing a filter. */
	update: (change: FilterValues, history: HistoryMode) => void;
	searchBox: RefObject<HTMLInputElement | null>;
	allChip: RefObject<HTMLButtonElement | null>;
}

/**
 * What to do when no card matches: say why, and offer to undo whichever filter is set. Loaded
 * with the island's other extras (FilterExtras.tsx) when a search first finds nothing.
 */
export default function NoMatches(props: Props) {
	const { query, categoryLabel, worksWithName, factLabels, update, searchBox, allChip } = props;
	const within = categoryLabel ? ` in ${categoryLabel}` : '';
	const partner = worksWithName ? ` that work with ${worksWithName}` : '';
	const facts = factLabels ? ` documented as ${factLabels}` : '';
	const undo = (change: FilterValues, history: HistoryMode, focus: RefObject<HTMLElement | null>) =>
		function onClick() {
			update(change, history);
			focus.current?.focus();
		};
	return (
		<div className="search__empty">
			<p>
				{query
					? `No tool name contains “${query}”${within}${worksWithName ? ` among the tools${partner}` : ''}${facts && ` among those${facts}`}. Try a shorter or different name${categoryLabel ? ', or all categories' : ''}.`
					: `No tools${within}${partner}${facts} yet.`}
			</p>
			{query && (
				<button type="button" className="button" onClick={undo({ q: '' }, 'replace', searchBox)}>
					Clear search
				</button>
			)}
			{categoryLabel && (
				<button type="button" className="button" onClick={undo({ category: '' }, 'push', allChip)}>
					Show all categories
				</button>
			)}
			{worksWithName && (
				<button
					type="button"
					className="button"
					onClick={undo({ works_with: '' }, 'push', searchBox)}
				>
					Works with any tool
				</button>
			)}
			{factLabels && (
				<button type="button" className="button" onClick={undo(noFactValues(), 'push', searchBox)}>
					Clear fact filters
				</button>
			)}
		</div>
	);
}
