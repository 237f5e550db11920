import { useEffect, useEffectEvent, useRef } from 'react';
import {
	type CardFilter,
	type FilterValues,
	searchWithValues,
	valuesFromSearch,
} from './filters.ts';

export type HistoryMode = 'push' | 'replace';

/**
 * Keeps the filters in the address (`/?category=&q=`): calls `apply` with the address's values
 * on mount and on Back/Forward, and returns `write`, which records new values. A chosen
 * category adds a history entry (`push`), so Back undoes it. Typing replaces the current entry
 * once the grid has painted, at most once a frame: Chromium takes a few milliseconds to write
 * the address, which would otherwise delay every keystroke's result.
 */
export function useFilterAddress(
	filters: readonly CardFilter[],
	apply: (values: FilterValues) => void,
): (values: FilterValues, history: HistoryMode) => void {
	const pending = useRef<FilterValues | null>(null);
	const applyAddress = useEffectEvent(() => {
		pending.current = null;
		apply(valuesFromSearch(window.location.search, filters));
	});

	useEffect(() => {
		const onBackOrForward = () => applyAddress();
		applyAddress();
		window.addEventListener('popstate', onBackOrForward);
		return () => window.removeEventListener('popstate', onBackOrForward);
	}, []);

	function writeNow(values: FilterValues, history: HistoryMode) {
		const url = new URL(window.location.href);
		url.search = searchWithValues(url.search, filters, values);
		if (history === 'push') window.history.pushState(window.history.state, '', url);
		else window.history.replaceState(window.history.state, '', url);
	}

	return function write(values, history) {
		if (history === 'push') {
			pending.current = null;
			return writeNow(values, 'push');
		}
		const scheduled = pending.current !== null;
		pending.current = values;
		if (scheduled) return;
		requestAnimationFrame(() =>
			setTimeout(() => {
				const latest = pending.current;
				pending.current = null;
				if (latest) writeNow(latest, 'replace');
			}),
		);
	};
}
