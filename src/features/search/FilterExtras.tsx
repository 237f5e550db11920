import { type RefObject, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { keepTicksInStep } from '../compare/compare-ticks.ts';
import { FACT_FILTERS } from '../facts/fact-filters.ts';
import {
	chosenLabels,
	countOf,
	factFilters,
	noFactValues,
	optionCounts,
	PANEL_CONTROLS_CLASS,
	parseTokens,
} from './fact-filter.ts';
import type { CardFilter, FilterValues, IndexedCard } from './filters.ts';
import type { HistoryMode } from './useFilterAddress.ts';

/*
 * What the search island loads on first use, never with the page, so that its own chunk stays
 * within the home page's JavaScript budget (decision record 0016): the fact filters and their
 * controls, the box shown when nothing matches, and the "Compare" ticks kept in step between
 * cards and their copies in the results. It loads on the page's first change (a tick, a typed
 * search left) or opened disclosure (the "Filter by facts" panel), on a filtered address, and
 * when a search first finds nothing. Nothing here imports the island's own modules but types:
 * the bundler would move what both import into a third chunk, loaded with the page.
 */
export { default as NoMatches } from './NoMatches.tsx';

keepTicksInStep();

const parsed = new WeakMap<IndexedCard, readonly number[]>();
/** A card's options, parsed from its `data-f` the first time a filter or a count asks. */
const optionsOf = (card: IndexedCard) => {
	let options = parsed.get(card);
	if (!options) {
		options = parseTokens((card.element as Element).getAttribute('data-f'));
		parsed.set(card, options);
	}
	return options;
};

/** The island adds these to its own filters (AND). */
export const filters: CardFilter[] = factFilters(optionsOf);

/** "Android, Free version": the chosen options, for the island's status line. */
export const describe = (values: FilterValues) => chosenLabels(values).join(', ');

interface Props {
	/** The island's indexed cards, and every filter it applies (its own and these). */
	cards: RefObject<readonly IndexedCard[]>;
	filters: readonly CardFilter[];
	values: FilterValues;
	onSelect: (change: FilterValues, history: HistoryMode) => void;
}

/**
 * One select per group inside the page's "Filter by facts" panel, in place of its links to the
 * filter pages: each option says how many tools choosing it would show, under the other
 * filters. Counts are worked out only while the panel is open, after the results are drawn.
 */
export function FactControls({ cards, filters: all, values, onSelect }: Props) {
	const [open, setOpen] = useState(() => panelOfPage().open);
	const applyAddress = useEffectEvent(() => {
		// The island read only its own filters from the address (its valuesFromSearch).
		const address = new URLSearchParams(window.location.search);
		const fromAddress = Object.fromEntries(
			filters.map((filter) => [filter.param, filter.read(address.get(filter.param))]),
		);
		if (Object.values(fromAddress).some(Boolean)) {
			panelOfPage().open = true;
			onSelect(fromAddress, 'replace');
		}
	});
	useEffect(() => {
		const panel = panelOfPage();
		const onToggle = () => setOpen(panel.open);
		panel.addEventListener('toggle', onToggle);
		panel.toggleAttribute('data-live', true);
		applyAddress();
		return () => panel.removeEventListener('toggle', onToggle);
	}, []);
	// The counts sit in closed selects: they catch up once a keystroke's results are drawn.
	const counted = useIdleValue(values);
	const counts = useMemo(
		() => (open ? optionCounts(cards.current, all, counted, optionsOf) : null),
		[open, cards, all, counted],
	);
	const chosen = chosenLabels(values).length;
	return createPortal(
		<>
			<div className="fact-controls">
				{FACT_FILTERS.map((group) => {
					const value = values[group.param] ?? '';
					return (
						<label key={group.param} className="fact-controls__group">
							<span className="fact-controls__label">{group.label}</span>
							<select
								className="fact-controls__select"
								value={value}
								onChange={(event) => onSelect({ [group.param]: event.target.value }, 'push')}
							>
								<option value="">Any</option>
								{group.options.map((option) => {
									const count = counts ? countOf(counts, group, option.value) : null;
									return (
										<option
											key={option.value}
											value={option.value}
											disabled={count === 0 && option.value !== value}
										>
											{count === null ? option.label : `${option.label} (${count})`}
										</option>
									);
								})}
							</select>
						</label>
					);
				})}
			</div>
			{chosen > 0 && (
				<button
					type="button"
					className="button"
					onClick={() => {
						onSelect(noFactValues(), 'push');
						// The button goes with the filters: the focus goes to the first of them.
						controlsOfPage().querySelector('select')?.focus();
					}}
				>
					Clear {chosen === 1 ? 'this filter' : `these ${chosen} filters`}
				</button>
			)}
		</>,
		controlsOfPage(),
	);
}

/**
 * `value` as it was when the browser was last idle, after the frame and the tasks already due:
 * what it feeds, and the frame its changes need, come after what a visitor is waiting for.
 * Safari has no `requestIdleCallback`: there it follows a moment later.
 */
function useIdleValue<T>(value: T): T {
	const [idle, setIdle] = useState(value);
	useEffect(() => {
		const update = () => setIdle(value);
		if (!('requestIdleCallback' in window)) {
			const timer = setTimeout(update, 50);
			return () => clearTimeout(timer);
		}
		const id = requestIdleCallback(update);
		return () => cancelIdleCallback(id);
	}, [value]);
	return idle;
}

/**
 * Where the controls are drawn in the page's panel (FactFilterPanel.astro), and the panel. Read on
 * every render: `querySelector` stops at the panel, near the top of the page, where a live
 * `getElementsByClassName(…)[0]` cost about 3 ms at 10,000 cards once a keystroke had changed the
 * results (Chromium, measured).
 */
const controlsOfPage = () => document.querySelector(`.${PANEL_CONTROLS_CLASS}`)!;
const panelOfPage = () => controlsOfPage().closest('details')!;
