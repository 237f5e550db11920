import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import CategoryChips, { type CategoryOption } from './CategoryChips.tsx';
import { revealLogosNearViewport } from './deferred-logos.ts';
import {
	categoryFilter,
	type FilterResult,
	type FilterValues,
	filterCards,
	filterStatus,
	isFiltering,
	nameFilter,
	worksWithFilter,
	worksWithKeys,
} from './filters.ts';
import { GRID_DORMANT_ATTRIBUTE, RESULTS_ID } from './grid-markup.ts';
import {
	type Card,
	indexCards,
	RESULTS_PAGE_SIZE,
	resultCard,
	showInList,
} from './results-window.ts';
import ShowMore from './ShowMore.tsx';
import { type HistoryMode, useFilterAddress } from './useFilterAddress.ts';
import { HUB_CHIPS, WORKS_WITH_LIST_ID, worksWithChoices } from './works-with-options.ts';
import WorksWithPicker from './WorksWithPicker.tsx';
import './chips.css';
import './search.css';

interface Props {
	/** How many tools the page's grid holds. */
	total: number;
	/** The id of the server-rendered grid of every card, which this island searches. */
	gridId: string;
	/** The taxonomy (not the catalogue), with the server's count per category for the first paint. */
	categories: CategoryOption[];
	/**
	 * The page's "Filter by facts" panel (FactFilterPanel.astro, an Astro slot: static HTML that
	 * React keeps as it is), placed under the other filters; the fact controls are drawn into it.
	 */
	factPanel?: React.ReactNode;
}

/**
 * Live name search and category chips over the cards already in the page. It gets no
 * catalogue data: it indexes each card's name and `data-category` once. The whole grid stays
 * as the server rendered it; while a filter narrows it, the grid is set aside (not re-laid out)
 * and copies of the first page of matches fill a results list, so a keystroke costs the same
 * at 100 or 50,000 tools. The filters live in the address (`/?category=&q=&works_with=`, and
 * the fact filters' parameters once their code is loaded: FilterExtras.tsx).
 */
export default function ToolSearch({ total, gridId, categories, factPanel }: Props) {
	// Loaded on first use: a first change or opened disclosure (the fact panel), a filtered
	// address, a search that finds nothing.
	const [extras, setExtras] = useState<typeof import('./FilterExtras.tsx') | null>(null);
	const loadExtras = () => void import('./FilterExtras.tsx').then(setExtras);
	// Read from the page's datalist on first use (never while rendering on the server).
	const choiceList = useRef<ReturnType<typeof worksWithChoices> | null>(null);
	const choices = () =>
		(choiceList.current ??= worksWithChoices(
			document.getElementById(WORKS_WITH_LIST_ID) as HTMLDataListElement | null,
		));
	const filters = useMemo(
		() => [
			categoryFilter(new Set(categories.map((c) => c.slug))),
			nameFilter,
			worksWithFilter((key) => choices().byKey(key)?.partners ?? null),
			...(extras?.filters ?? []),
		],
		[categories, extras],
	);
	const [values, setValues] = useState<FilterValues>({});
	const [indexed, setIndexed] = useState(0);
	const [result, setResult] = useState<FilterResult<Element>>(() => ({
		matches: [],
		facetTotal: total,
		facetCounts: Object.fromEntries(categories.map((c) => [c.slug, c.count])),
	}));
	const [limit, setLimit] = useState(RESULTS_PAGE_SIZE);
	const cards = useRef<Card[]>([]);
	const results = useRef<HTMLUListElement>(null);
	const searchBox = useRef<HTMLInputElement>(null);
	const allChip = useRef<HTMLButtonElement>(null);

	const showWhole = useEffectEvent(() => show(values));
	// Before the address is read (the hook's effect below), so a shared address can filter.
	useEffect(() => {
		const grid = document.getElementById(gridId);
		const index = () => setIndexed((cards.current = indexCards(grid)).length);
		index();
		// Hydrated while the page was still arriving (a large catalogue, a slow phone), the grid was
		// partly there: index it whole once it is, and show again what was asked meanwhile. (When
		// the page came whole first, DOMContentLoaded has fired already and never comes.)
		document.addEventListener('DOMContentLoaded', () => (index(), showWhole()));
		for (const type of ['change', 'toggle'])
			document.addEventListener(type, loadExtras, { capture: true, once: true });
		if (location.search) loadExtras();
		return grid ? revealLogosNearViewport(grid) : undefined;
	}, [gridId]);

	function show(next: FilterValues) {
		const filtering = isFiltering(filters, next);
		const found = filterCards(cards.current, filters, next);
		if (results.current)
			showInList(
				results.current,
				filtering ? found.matches.slice(0, RESULTS_PAGE_SIZE).map(resultCard) : [],
			);
		document.getElementById(gridId)?.toggleAttribute(GRID_DORMANT_ATTRIBUTE, filtering);
		setValues(next);
		setResult(found);
		setLimit(RESULTS_PAGE_SIZE);
		if (filtering && !found.matches.length) loadExtras();
	}

	const address = useFilterAddress(filters, show);
	function update(change: FilterValues, history: HistoryMode) {
		const next = { ...values, ...change };
		show(next);
		address.write(next, history);
	}

	function showMore(focusFrom: number | null) {
		const next = limit + RESULTS_PAGE_SIZE;
		const list = results.current;
		if (!list) return;
		showInList(list, result.matches.slice(0, next).map(resultCard));
		setLimit(next);
		if (focusFrom !== null) list.children[focusFrom]?.querySelector('a')?.focus();
	}

	const query = values.q ?? '';
	const trimmed = query.trim();
	const chosen = categories.find((c) => c.slug === values.category);
	// The address's keys were read through the filter: each one the page offers.
	const worksWith = worksWithKeys(values.works_with).map((key) => choices().byKey(key)!);
	// "Procore, Sage 300 CRE and HeavyBid" ('' for none).
	const worksWithName = new Intl.ListFormat('en-GB').format(worksWith.map((tool) => tool.name));
	const filtering = isFiltering(filters, values);
	const shown = result.matches.length;
	const factLabels = extras?.describe(values) ?? '';
	return (
		<div className="search">
			<form
				className="search__form"
				role="search"
				action="/"
				method="get"
				onSubmit={(event) => event.preventDefault()}
			>
				{/* Named like the works-with box: the same name as a hidden <label>, in fewer bytes. */}
				<input
					ref={searchBox}
					id="tool-search"
					aria-label="Search tools by name"
					className="search__input"
					type="search"
					name="q"
					placeholder="Search by name..."
					autoComplete="off"
					spellCheck={false}
					value={query}
					onChange={(event) => update({ q: event.target.value }, 'replace')}
					onBlur={address.flush}
				/>
			</form>
			<CategoryChips
				categories={categories}
				selected={values.category ?? ''}
				allCount={result.facetTotal}
				counts={result.facetCounts}
				onSelect={(category) => update({ category }, 'push')}
				allChip={allChip}
			/>
			<WorksWithPicker
				hubs={() => choices().first(HUB_CHIPS)}
				chosen={worksWith}
				keyOfName={(name) => choices().byName(name)?.key ?? null}
				onChange={(keys) => update({ works_with: keys.join(',') }, 'push')}
			/>
			{factPanel}
			{chosen && (
				<p className="search__category">
					{chosen.description} <a href={chosen.href}>More about {chosen.label}</a>
				</p>
			)}
			<p className="search__status" role="status" aria-live="polite">
				{filterStatus(
					indexed ? shown : total,
					total,
					query,
					chosen?.label,
					worksWithName,
					factLabels,
				)}
			</p>
			{extras && indexed > 0 && filtering && shown === 0 && (
				<extras.NoMatches
					query={trimmed}
					categoryLabel={chosen?.label}
					worksWithName={worksWithName}
					factLabels={factLabels}
					update={update}
					searchBox={searchBox}
					allChip={allChip}
				/>
			)}
			{extras && (
				<extras.FactControls cards={cards} filters={filters} values={values} onSelect={update} />
			)}
			{/* Filled with copies of matching cards by show(); React renders no children here. */}
			<ul
				ref={results}
				id={RESULTS_ID}
				className="grid"
				aria-label="Matching tools"
				hidden={!filtering}
			/>
			{filtering && (
				<ShowMore
					shown={Math.min(limit, shown)}
					matches={shown}
					pageSize={RESULTS_PAGE_SIZE}
					onMore={showMore}
				/>
			)}
		</div>
	);
}
