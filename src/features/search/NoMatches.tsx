interface Props {
	/** The trimmed query ('' when only a category narrows), and the chosen category's label. */
	query: string;
	categoryLabel: string | undefined;
	onClearSearch: () => void;
	onAllCategories: () => void;
}

/** What to do when no card matches: say why, and offer to undo whichever filter is set. */
export default function NoMatches({ query, categoryLabel, onClearSearch, onAllCategories }: Props) {
	const within = categoryLabel ? ` in ${categoryLabel}` : '';
	return (
		<div className="search__empty">
			<p>
				{query
					? `No tool name contains “${query}”${within}. Try a shorter or different name${categoryLabel ? ', or all categories' : ''}.`
					: `No tools${within} yet.`}
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
		</div>
	);
}
