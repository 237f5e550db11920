/**
 * The fact filters as the search island applies them (loaded with their controls, on first
 * use): one filter per group of FACT_FILTERS, reading each card's tokens (`data-f`, written by
 * `filterTokens`), and the count of every option under the other filters.
 */
import { FACT_FILTERS, FILTER_OPTIONS, type FilterGroup } from '../facts/fact-filters.ts';
import type { CardFilter, FilterValues, IndexedCard } from './filters.ts';

/** The element of the page's panel the controls are drawn into (FactFilterPanel.astro). */
export const PANEL_CONTROLS_CLASS = 'facts-panel__controls';

/** A card's options, as their places in FILTER_OPTIONS (parsed once from its tokens). */
export type OptionsOf = (card: IndexedCard) => readonly number[];

const OPTION_INDEX = new Map(
	FILTER_OPTIONS.map(({ group, option }, index) => [`${group.param}:${option.value}`, index]),
);
/** Each option's group, as its place in FACT_FILTERS. */
const GROUP_OF = FILTER_OPTIONS.map(({ group }) => FACT_FILTERS.indexOf(group));

/** A card's `data-f` tokens as option places; a token this build does not know is skipped. */
export function parseTokens(attribute: string | null | undefined): number[] {
	const options: number[] = [];
	for (const token of attribute ? attribute.split(' ') : []) {
		const index = OPTION_INDEX.get(token);
		if (index !== undefined) options.push(index);
	}
	return options;
}

/**
 * One filter per group, in FACT_FILTERS' order: `?platform=android` keeps the cards whose
 * tokens hold `platform:android`. A value the group does not offer means all (like an unknown
 * category), so an old or mistyped address never empties the page.
 */
export function factFilters(optionsOf: OptionsOf): CardFilter[] {
	return FACT_FILTERS.map((group) => ({
		param: group.param,
		read: (raw) => (raw && OPTION_INDEX.has(`${group.param}:${raw}`) ? raw : ''),
		matcher(value) {
			const wanted = value ? OPTION_INDEX.get(`${group.param}:${value}`) : undefined;
			return wanted === undefined ? null : (card) => optionsOf(card).includes(wanted);
		},
	}));
}

/**
 * For every option, how many cards the filters would keep with that option chosen in its group
 * and every other filter as it is: what choosing it would show. One pass over the cards: a card
 * every filter keeps counts for all its options, a card only one fact group turns away counts
 * for that group's options, any other card for none. Indexed by the options' places.
 */
export function optionCounts(
	cards: readonly IndexedCard[],
	filters: readonly CardFilter[],
	values: FilterValues,
	optionsOf: OptionsOf,
): Int32Array {
	const active = filters
		.map((filter) => ({
			group: FACT_FILTERS.findIndex((group) => group.param === filter.param),
			test: filter.matcher(values[filter.param] ?? ''),
		}))
		.filter((entry) => entry.test !== null);
	const counts = new Int32Array(FILTER_OPTIONS.length);
	// Index loops: this runs for every card on every keystroke while the panel is open.
	for (let i = 0; i < cards.length; i++) {
		const card = cards[i]!;
		let failedGroup = -1;
		let failures = 0;
		for (let t = 0; failures < 2 && t < active.length; t++) {
			if (!active[t]!.test!(card)) {
				failures++;
				failedGroup = active[t]!.group;
			}
		}
		// Turned away by two filters, or by one that is not a fact group: counts for nothing.
		if (failures > 1 || (failures === 1 && failedGroup < 0)) continue;
		const options = optionsOf(card);
		for (let o = 0; o < options.length; o++) {
			const option = options[o]!;
			if (failures === 0 || GROUP_OF[option] === failedGroup) counts[option]!++;
		}
	}
	return counts;
}

/** The count of one option, from `optionCounts`. */
export function countOf(counts: Int32Array, group: FilterGroup, value: string): number {
	const index = OPTION_INDEX.get(`${group.param}:${value}`);
	return index === undefined ? 0 : counts[index]!;
}

/** The chosen options' labels, in group order ("Android, Free version"), for the status line. */
export function chosenLabels(values: FilterValues): string[] {
	return FACT_FILTERS.flatMap((group) => {
		const option = group.options.find((o) => o.value === values[group.param]);
		return option ? [option.label] : [];
	});
}

/** The values that clear every fact filter, to merge into the island's values. */
export function noFactValues(): FilterValues {
	return Object.fromEntries(FACT_FILTERS.map((group) => [group.param, '']));
}
