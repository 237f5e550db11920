import { useEffect, useEffectEvent, useRef } from 'react';
import {
	type CardFilter,
	type FilterValues,
	searchWithValues,
	valuesFromSearch,
} from './filters.ts';

export type HistoryMode = 'push' | 'replace';

/**
 * Typing writes the address once the visitor pauses. Chromium's `history.replaceState` costs
 * time that grows with the page (measured 15 ms at 10,000 cards, 3 ms at 12), which written
 * after every keystroke delayed the next one.
 */
const TYPING_PAUSE_MS = 300;

/**
 * Keeps the filters in the address (`/?category=&q=`): calls `apply` with the address's values
 * on mount and on Back/Forward, and returns `write`, which records new values, and `flush`,
 * which writes what typing left pending at once. A chosen category adds a history entry
 * (`push`), so Back undoes it; typing replaces the current entry when the visitor pauses,
 * leaves the box (call `flush` on blur: clicking a card or tabbing away) or leaves the page.
 */
export function useFilterAddress(
	filters: readonly CardFilter[],
	apply: (values: FilterValues) => void,
) {
	const pending = useRef<FilterValues | null>(null);
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

	function writeNow(values: FilterValues, mode: HistoryMode) {
		const url = new URL(location.href);
		url.search = searchWithValues(url.search, filters, values);
		if (url.href === location.href && mode === 'replace') return;
		history[`${mode}State`](history.state, '', url); // pushState or replaceState
	}

	function flush() {
		clearTimeout(timer.current);
		const latest = pending.current;
		pending.current = null;
		if (latest) writeNow(latest, 'replace');
	}

	const applyAddress = useEffectEvent(() => {
		clearTimeout(timer.current);
		pending.current = null;
		apply(valuesFromSearch(location.search, filters));
	});
	const flushOnLeave = useEffectEvent(() => flush());

	useEffect(() => {
		const onBackOrForward = () => applyAddress();
		const onLeave = () => flushOnLeave();
		applyAddress();
		addEventListener('popstate', onBackOrForward);
		addEventListener('pagehide', onLeave);
		return () => {
			removeEventListener('popstate', onBackOrForward);
			removeEventListener('pagehide', onLeave);
		};
	}, []);

	function write(values: FilterValues, history: HistoryMode) {
		if (history === 'push') {
			// The current entry first gets what was typed into it, so Back returns to exactly that.
			flush();
			return writeNow(values, 'push');
		}
		pending.current = values;
		clearTimeout(timer.current);
		timer.current = setTimeout(flush, TYPING_PAUSE_MS);
	}

	return { write, flush };
}
