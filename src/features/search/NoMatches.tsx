import { type RefObject, useMemo } from 'react';
import { noFactValues } from './fact-filter.ts';
import { type Hint, matchingHints, SEARCH_HINTS_ID } from './hints.ts';
import type { FilterValues } from './filters.ts';
import type { HistoryMode } from './useFilterAddress.ts';
import './search.css';

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
/** The page's "Find tools by what they do" links (SearchHints.astro), read once. */
function pageHints(): Hint[] {
	const links = document.querySelectorAll<HTMLAnchorElement>(`#${SEARCH_HINTS_ID} a[data-hint]`);
	return [...links].map((link) => ({
		label: link.dataset.hint!,
		href: link.getAttribute('href')!,
		text: link.textContent!.trim(),
	}));
}

export default function NoMatches(props: Props) {
	const { query, categoryLabel, worksWithName, factLabels, update, searchBox, allChip } = props;
	const all = useMemo(() => pageHints(), []);
	// Only when the search alone finds nothing: with other filters on, undoing them comes first.
	const hints = categoryLabel || worksWithName || factLabels ? [] : matchingHints(query, all);
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
			{hints.length > 0 ? (
				<>
					<p>{`No tool is named “${query}”. By what it does:`}</p>
					<ul className="search__hints">
						{hints.map((hint) => (
							<li key={hint.href}>
								<a href={hint.href}>{hint.text}</a>
							</li>
						))}
					</ul>
				</>
			) : (
				<p>
					{query
						? `No tool name contains “${query}”${within}${worksWithName ? ` among the tools${partner}` : ''}${facts && ` among those${facts}`}. Try a shorter or different name${categoryLabel ? ', or all categories' : ''}.`
						: `No tools${within}${partner}${facts} yet.`}
				</p>
			)}
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
