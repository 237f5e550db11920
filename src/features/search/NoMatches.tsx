interface Props {
	/** The trimmed query ('' when only a category narrows), and the chosen category's label. */
	query: string;
	categoryLabel: string | undefined;
	/** The name of the tool the matches must work with ('' when that filter is off). */
	worksWithName: string;
	onClearSearch: () => void;
	onAllCategories: () => void;
	onAnyPartner: () => void;
}

/** What to do when no card matches: say why, and offer to undo whichever filter is set. */
export default function NoMatches(props: Props) {
	const { query, categoryLabel, worksWithName, onClearSearch, onAllCategories, onAnyPartner } =
		props;
	const within = categoryLabel ? ` in ${categoryLabel}` : '';
	const partner = worksWithName ? ` that work with ${worksWithName}` : '';
	return (
		<div className="search__empty">
			<p>
				{query
					? `No tool name contains “${query}”${within}${worksWithName ? ` among the tools${partner}` : ''}. Try a shorter or different name${categoryLabel ? ', or all categories' : ''}.`
					: `No tools${within}${partner} yet.`}
			</p>
			{query && (
				<button type="button" className="button" onClick={onClearSearch}>
					Clear search
				</button>
			)}
			{categoryLabel && (
				<button type="button" className="button" onClick={onAllCategories}>
					Show all categories
				</button>
			)}
			{worksWithName && (
				<button type="button" className="button" onClick={onAnyPartner}>
					Works with any tool
				</button>
			)}
		</div>
	);
}
