import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
	type Filter,
	type FilterResult,
	filterCards,
	filterFromSearch,
	filterStatus,
	searchWithFilter,
} from '../lib/category-filter.ts';
import {
	adoptWhenIdle,
	type Card,
	GRID_PAGE_SIZE,
	gridParts,
	indexCards,
	showInList,
} from '../lib/grid-window.ts';
import CategoryChips, { type CategoryOption } from './CategoryChips.tsx';
import ShowMore from './ShowMore.tsx';

interface Props {
	/** How many tools the page holds (rendered cards plus the grid's template). */
	total: number;
	/** The id of the server-rendered list of cards that this island fills and filters. */
	gridId: string;
	/** The taxonomy (not the catalogue), with the server's count per category for the first paint. */
	categories: CategoryOption[];
}

/**
 * Live name search and category chips over the cards already in the page. It gets no
 * catalogue data: it indexes each card's name and `data-category` once, then per keystroke
 * moves the first page of matching cards into the grid, so a keystroke costs the same at 100
 * or 50,000 tools. The filter lives in the address (`/?category=&q=`).
 */
export default function ToolSearch({ total, gridId, categories }: Props) {
	const [filter, setFilter] = useState<Filter>({ query: '', category: '' });
	const [result, setResult] = useState<FilterResult<Element>>(() => ({
		matches: [],
		nameMatches: total,
		nameMatchesByCategory: Object.fromEntries(categories.map((c) => [c.slug, c.count])),
	}));
	const [limit, setLimit] = useState(GRID_PAGE_SIZE);
	const [footer, setFooter] = useState<HTMLElement | null>(null);
	const cards = useRef<Card[]>([]);
	const pendingAddress = useRef<Filter | null>(null);
	const searchBox = useRef<HTMLInputElement>(null);
	const allChip = useRef<HTMLButtonElement>(null);
	const known = useMemo(() => new Set(categories.map((c) => c.slug)), [categories]);
	const grid = () => document.getElementById(gridId);

	/** Puts the first `count` matches into the grid; returns the grid, if the page has one. */
	function fillGrid(matches: Card[], count: number) {
		const list = grid();
		if (list)
			showInList(
				list,
				matches.slice(0, count).map((card) => card.element),
			);
		return list;
	}

	function show(next: Filter) {
		const found = filterCards(cards.current, next);
		fillGrid(found.matches, GRID_PAGE_SIZE);
		setFilter(next);
		setResult(found);
		setLimit(GRID_PAGE_SIZE);
	}

	function showMore(focusFrom: number | null) {
		const next = limit + GRID_PAGE_SIZE;
		const list = fillGrid(result.matches, next);
		if (!list) return;
		setLimit(next);
		if (focusFrom !== null) list.children[focusFrom]?.querySelector('a')?.focus();
	}

	useEffect(() => {
		const parts = gridParts(gridId);
		cards.current = indexCards(
			grid(),
			document.getElementById(parts.more) as HTMLTemplateElement | null,
		);
		setFooter(document.getElementById(parts.footer));
		adoptWhenIdle(cards.current);
		const restore = () => {
			pendingAddress.current = null;
			show(filterFromSearch(window.location.search, known));
		};
		restore();
		window.addEventListener('popstate', restore);
		return () => window.removeEventListener('popstate', restore);
	}, [gridId, known]);

	/** Writes the filter into the address: a new history entry, or in place of the current one. */
	function writeAddress(next: Filter, history: 'push' | 'replace') {
		const url = new URL(window.location.href);
		url.search = searchWithFilter(url.search, next);
		if (history === 'push') window.history.pushState(window.history.state, '', url);
		else window.history.replaceState(window.history.state, '', url);
	}

	/**
	 * Choosing a category adds a history entry, so Back undoes it. Typing replaces the current
	 * entry once the grid has painted, at most once a frame: Chromium takes a few milliseconds
	 * to write the address, which would otherwise delay every keystroke's result.
	 */
	function update(next: Filter, history: 'push' | 'replace') {
		show(next);
		if (history === 'push') {
			pendingAddress.current = null;
			return writeAddress(next, 'push');
		}
		const scheduled = pendingAddress.current !== null;
		pendingAddress.current = next;
		if (scheduled) return;
		requestAnimationFrame(() =>
			setTimeout(() => {
				const latest = pendingAddress.current;
				pendingAddress.current = null;
				if (latest) writeAddress(latest, 'replace');
			}),
		);
	}

	const trimmed = filter.query.trim();
	const chosen = categories.find((c) => c.slug === filter.category);
	const shown = result.matches.length;
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
					{chosen.description} <a href={chosen.href}>More about {chosen.label}</a>
				</p>
			)}
			<p className="search__status" role="status" aria-live="polite">
				{filterStatus(cards.current.length ? shown : total, total, filter.query, chosen?.label)}
			</p>
			{cards.current.length > 0 && shown === 0 && (trimmed || chosen) && (
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
			{footer &&
				createPortal(
					<ShowMore
						shown={Math.min(limit, shown)}
						matches={shown}
						pageSize={GRID_PAGE_SIZE}
						onMore={showMore}
					/>,
					footer,
				)}
		</div>
	);
}
