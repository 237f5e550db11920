/**
 * The fact filters as the search island applies them (loaded with their controls, on first
 * use): one filter per group of FACT_FILTERS, reading each card's tokens (`data-f`, written by
 * `filterTokens`), and the count of every option under the other filters.
 */
import { FACT_FILTERS, type FilterGroup } from '../facts/fact-filters.ts';
import type { CardFilter, FilterValues, IndexedCard } from './filters.ts';

/** A card's tokens (`platform:android` …), as a set. */
export type TokensOf = (card: IndexedCard) => ReadonlySet<string>;

/** The element of the page's panel the controls are drawn into (FactFilterPanel.astro). */
export const PANEL_CONTROLS_CLASS = 'facts-panel__controls';

const token = (group: FilterGroup, value: string) => `${group.param}:${value}`;

/**
 * One filter per group, in FACT_FILTERS' order: `?platform=android` keeps the cards whose
 * tokens hold `platform:android`. A value the group does not offer means all (like an unknown
 * category), so an old or mistyped address never empties the page.
 */
export function factFilters(tokensOf: TokensOf, groups = FACT_FILTERS): CardFilter[] {
	return groups.map((group) => ({
		param: group.param,
		read: (raw) => (raw && group.options.some((option) => option.value === raw) ? raw : ''),
		matcher(value) {
			if (!value) return null;
			const wanted = token(group, value);
			return (card) => tokensOf(card).has(wanted);
		},
	}));
}

/**
 * For every fact option (`platform:android`), how many cards the filters would keep with that
 * option chosen in its group and every other filter as it is: what choosing it would show. One
 * pass over the cards: a card every filter keeps counts for all its options, a card only one
 * fact group turns away counts for that group's options.
 */
export function optionCounts(
	cards: readonly IndexedCard[],
	filters: readonly CardFilter[],
	values: FilterValues,
	tokensOf: TokensOf,
): Map<string, number> {
	const active = filters
		.map((filter) => ({ param: filter.param, test: filter.matcher(values[filter.param] ?? '') }))
		.filter((entry) => entry.test !== null);
	const counts = new Map<string, number>();
	for (let i = 0; i < cards.length; i++) {
		const card = cards[i]!;
		let failedParam = '';
		let failures = 0;
		for (let t = 0; failures < 2 && t < active.length; t++) {
			if (!active[t]!.test!(card)) {
				failures++;
				failedParam = active[t]!.param;
			}
		}
		if (failures > 1) continue;
		for (const tokenOfCard of tokensOf(card)) {
			if (failures === 1 && !tokenOfCard.startsWith(`${failedParam}:`)) continue;
			counts.set(tokenOfCard, (counts.get(tokenOfCard) ?? 0) + 1);
		}
	}
	return counts;
}

/** The count of one option, from `optionCounts`. */
export function countOf(counts: ReadonlyMap<string, number>, group: FilterGroup, value: string) {
	return counts.get(token(group, value)) ?? 0;
}

/** The chosen options' labels, in group order ("Android, Free version"), for the status line. */
export function chosenLabels(values: FilterValues, groups = FACT_FILTERS): string[] {
	return groups.flatMap((group) => {
		const option = group.options.find((o) => o.value === values[group.param]);
		return option ? [option.label] : [];
	});
}

/** The values that clear every fact filter, to merge into the island's values. */
export function noFactValues(groups = FACT_FILTERS): FilterValues {
	return Object.fromEntries(groups.map((group) => [group.param, '']));
}

/** Parses a card's `data-f` attribute. */
export function parseTokens(attribute: string | null | undefined): ReadonlySet<string> {
	return new Set(attribute ? attribute.split(' ') : []);
}
