import { useEffect, useMemo, useRef, useState } from 'react';
import {
	applyFilter,
	type Filter,
	type FilterableCard,
	type FilterResult,
	filterFromSearch,
	filterStatus,
	searchWithFilter,
} from '../lib/category-filter';
import { paths } from '../lib/paths';
import { searchKey } from '../lib/search';
import CategoryChips, { type CategoryOption } from './CategoryChips';

interface Props {
	/** How many tools the static grid holds. */
	total: number;
	/** The id of the server-rendered list of cards that this island filters in place. */
	gridId: string;
	/** The taxonomy (not the catalogue), with the server's count per category for the first paint. */
	categories: CategoryOption[];
}

/**
 * Live name search and category chips over the cards already in the page. It gets no
 * catalogue data: it reads each card's name and `data-category` once, and the filter toggles
 * `hidden` only where it changes. The filter lives in the address (`/?category=&q=`).
 */
export default function ToolSearch({ total, gridId, categories }: Props) {
	const [filter, setFilter] = useState<Filter>({ query: '', category: '' });
	const [result, setResult] = useState<FilterResult>(() => ({
		shown: total,
		nameMatches: total,
		nameMatchesByCategory: Object.fromEntries(categories.map((c) => [c.slug, c.count])),
	}));
	const cards = useRef<FilterableCard[]>([]);
	const searchBox = useRef<HTMLInputElement>(null);
	const allChip = useRef<HTMLButtonElement>(null);
	const known = useMemo(() => new Set(categories.map((c) => c.slug)), [categories]);

	function show(next: Filter) {
		setFilter(next);
		setResult(applyFilter(cards.current, next));
	}

	useEffect(() => {
		const grid = document.getElementById(gridId);
		cards.current = Array.from(grid?.children ?? [], (child) => {
			const element = child as HTMLElement;
			const nameKey = searchKey(element.querySelector('.card__name')?.textContent ?? '');
			return { element, nameKey, category: element.dataset.category ?? '', shown: !element.hidden };
		});
		const restore = () => show(filterFromSearch(window.location.search, known));
		restore();
		window.addEventListener('popstate', restore);
		return () => window.removeEventListener('popstate', restore);
	}, [gridId, known]);

	/** Typing replaces the current history entry; choosing a category adds one, so Back undoes it. */
	function update(next: Filter, history: 'push' | 'replace') {
		show(next);
		const url = new URL(window.location.href);
		url.search = searchWithFilter(url.search, next);
		if (history === 'push') window.history.pushState(window.history.state, '', url);
		else window.history.replaceState(window.history.state, '', url);
	}

	const trimmed = filter.query.trim();
	const chosen = categories.find((c) => c.slug === filter.category);
	return (
		<div className="search">
			<form
				className="search__form"
				role="search"
				action="/"
				method="get"
				onSubmit={(event) => event.preventDefault()}
			>
				<label htmlFor="tool-search" className="visually-hidden">
					Search tools by name
				</label>
				<input
					ref={searchBox}
					id="tool-search"
					className="search__input"
					type="search"
					name="q"
					placeholder="Search by name..."
					autoComplete="off"
					spellCheck={false}
					value={filter.query}
					onChange={(event) => update({ ...filter, query: event.target.value }, 'replace')}
				/>
			</form>
			<CategoryChips
				categories={categories}
				selected={filter.category}
				allCount={result.nameMatches}
				counts={result.nameMatchesByCategory}
				onSelect={(category) => update({ ...filter, category }, 'push')}
				allChip={allChip}
			/>
			{chosen && (
				<p className="search__category">
					{chosen.description} <a href={paths.category(chosen.slug)}>More about {chosen.label}</a>
				</p>
			)}
			<p className="search__status" role="status" aria-live="polite">
				{filterStatus(result.shown, total, filter.query, chosen?.label)}
			</p>
			{result.shown === 0 && (trimmed || chosen) && (
				<div className="search__empty">
					<p>
						{trimmed
							? `No tool name contains “${trimmed}”${chosen ? ` in ${chosen.label}` : ''}. Try a shorter or different name${chosen ? ', or all categories' : ''}.`
							: `No tools in ${chosen?.label} yet.`}
					</p>
					{trimmed && (
						<button
							type="button"
							className="button"
							onClick={() => {
								update({ ...filter, query: '' }, 'replace');
								searchBox.current?.focus();
							}}
						>
							Clear search
						</button>
					)}
					{chosen && (
						<button
							type="button"
							className="button"
							onClick={() => {
								update({ ...filter, category: '' }, 'push');
								allChip.current?.focus();
							}}
						>
							Show all categories
						</button>
					)}
				</div>
			)}
		</div>
	);
}
