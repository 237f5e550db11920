import { describe, expect, it } from 'vitest';
import {
	categoryFilter,
	filterCards,
	filterStatus,
	type FilterValues,
	type IndexedCard,
	isFiltering,
	nameFilter,
	searchWithValues,
	valuesFromSearch,
	worksWithFilter,
} from './filters.ts';
import { decodePartnerIds, encodePartnerIds } from './works-with-options.ts';
import { searchKey } from './search-rule.ts';
import { FILTER_OPTIONS } from '../facts/fact-filters.ts';
import { parseIntegrations } from '../integrations/graph.ts';
import { countOf, factFilters, optionCounts, parseTokens } from './fact-filter.ts';
import { worksWithIndex } from '../integrations/works-with.ts';

/** Cards with tool ids; Procore (1) works with ProEst (2) and Fieldwire (4), PlanSwift (3) with ProEst. */
const cards: IndexedCard<string>[] = (
	[
		[1, 'Procore', 'project-management'],
		[2, 'ProEst', 'estimating'],
		[3, 'PlanSwift', 'estimating'],
		[4, 'Fieldwire', 'field-management'],
		[5, 'Unindexed', 'estimating'],
	] as const
).map(([id, name, category]) => ({
	element: name,
	nameKey: searchKey(name),
	categories: [category],
	id: name === 'Unindexed' ? undefined : id,
}));
const partners = new Map([
	['1', decodePartnerIds(encodePartnerIds([4, 2]))],
	['3', decodePartnerIds('2')],
	['2', decodePartnerIds('1 3 5')],
]);
const worksWith = worksWithFilter((key) => partners.get(key) ?? null);
const filters = [
	categoryFilter(new Set(['estimating', 'field-management'])),
	nameFilter,
	worksWith,
];
/** A documented connection as the table gives it, with a vendor's status. */
const pair = (low: number, high: number, status: string | null = null) => ({
	id: low * 100 + high,
	tool_low_id: low,
	tool_high_id: high,
	kind: 'native',
	note: null,
	source_url: 'https://vendor.example.com/integrations',
	verified_on: '2026-11-25',
	status,
});
const names = (result: { matches: IndexedCard<string>[] }) => result.matches.map((c) => c.element);

describe('the works-with filter', () => {
	it('keeps only the chosen tool’s partners', () => {
		expect(names(filterCards(cards, filters, { works_with: '1' }))).toEqual([
			'ProEst',
			'Fieldwire',
		]);
		expect(names(filterCards(cards, filters, { works_with: '3' }))).toEqual(['ProEst']);
	});

	it('combines with the name search and the category (AND), chips counting under it', () => {
		const result = filterCards(cards, filters, {
			works_with: '1',
			q: 'pro',
			category: 'estimating',
		});
		expect(names(result)).toEqual(['ProEst']);
		expect(result.facetCounts).toEqual({ estimating: 1 });
		const fieldOnly = filterCards(cards, filters, {
			works_with: '1',
			category: 'field-management',
		});
		expect(names(fieldOnly)).toEqual(['Fieldwire']);
		expect(fieldOnly.facetTotal).toBe(2);
	});

	it('never keeps a card whose id is unknown', () => {
		expect(names(filterCards(cards, filters, { works_with: '2' }))).toEqual([
			'Procore',
			'PlanSwift',
		]);
	});

	it('treats an absent or unknown key as everything', () => {
		expect(isFiltering(filters, { works_with: '' })).toBe(false);
		expect(isFiltering(filters, { works_with: '99' })).toBe(false);
		expect(isFiltering(filters, { works_with: '1' })).toBe(true);
		expect(filterCards(cards, filters, { works_with: '99' }).matches).toHaveLength(5);
	});

	it('reads and writes ?works_with= with the other filters', () => {
		expect(valuesFromSearch('?works_with=1&q=pro', filters)).toEqual({
			category: '',
			q: 'pro',
			works_with: '1',
		});
		expect(valuesFromSearch('?works_with=%3Cscript%3E', filters).works_with).toBe('');
		const values = { category: 'estimating', q: 'pro', works_with: '3' };
		const search = searchWithValues('?utm=x', filters, values);
		expect(search).toBe('?category=estimating&q=pro&works_with=3&utm=x');
		expect(valuesFromSearch(search, filters)).toEqual(values);
		expect(searchWithValues('?works_with=3', filters, { works_with: '' })).toBe('');
	});
});

describe('several works-with tools at once', () => {
	it('keeps only the tools that work with every chosen tool (the intersection)', () => {
		// Procore (1): ProEst, Fieldwire; ProEst (2): Procore, PlanSwift, Unindexed; PlanSwift (3): ProEst.
		expect(names(filterCards(cards, filters, { works_with: '1,3' }))).toEqual(['ProEst']);
		expect(names(filterCards(cards, filters, { works_with: '3,1' }))).toEqual(['ProEst']);
		// Nothing works with both Procore and ProEst (a tool is not its own partner).
		expect(names(filterCards(cards, filters, { works_with: '1,2' }))).toEqual([]);
		expect(isFiltering(filters, { works_with: '1,2' })).toBe(true);
	});

	it('combines with the name search and the category, chips counting under all of them', () => {
		const result = filterCards(cards, filters, {
			works_with: '1,3',
			q: 'pro',
			category: 'field-management',
		});
		expect(names(result)).toEqual([]);
		// What choosing a category would show, under the search and both tools.
		expect(result.facetTotal).toBe(1);
		expect(result.facetCounts).toEqual({ estimating: 1 });
	});

	it('reads each offered key once, in the address’s order, and drops the others', () => {
		expect(valuesFromSearch('?works_with=3,1', filters).works_with).toBe('3,1');
		expect(valuesFromSearch('?works_with=1,99,1,3', filters).works_with).toBe('1,3');
		expect(valuesFromSearch('?works_with=99,,%3Cb%3E', filters).works_with).toBe('');
		// An address of one key, as before.
		expect(valuesFromSearch('?works_with=1', filters).works_with).toBe('1');
		// An unknown key in a value is no narrowing.
		expect(names(filterCards(cards, filters, { works_with: '99,3' }))).toEqual(['ProEst']);
	});

	it('writes the keys with plain commas, and reads them back', () => {
		const values = { category: '', q: 'a,b', works_with: '3,1' };
		const search = searchWithValues('', filters, values);
		expect(search).toBe('?q=a,b&works_with=3,1');
		expect(valuesFromSearch(search, filters)).toEqual(values);
		expect(valuesFromSearch('?works_with=3%2C1', filters).works_with).toBe('3,1');
	});

	it('leaves the fact filters’ counts what choosing each option would show', () => {
		// Tokens as the cards carry them: ProEst and Fieldwire on Android, PlanSwift on Windows.
		const tokens = new Map<number | undefined, readonly number[]>([
			[1, parseTokens('platform:web')],
			[2, parseTokens('platform:android platform:web')],
			[3, parseTokens('platform:windows')],
			[4, parseTokens('platform:android')],
			[undefined, parseTokens('platform:android')],
		]);
		const tokensOf = (card: IndexedCard) => tokens.get(card.id)!;
		const all = [...filters, ...factFilters(tokensOf)];
		const choices: FilterValues[] = [
			{ works_with: '1,3' },
			{ works_with: '2,1' },
			{ works_with: '1', q: 'f' },
		];
		for (const values of choices)
			for (const { group, option } of FILTER_OPTIONS)
				expect(countOf(optionCounts(cards, all, values, tokensOf), group, option.value)).toBe(
					filterCards(cards, all, { ...values, [group.param]: option.value }).matches.length,
				);
	});

	it('never counts a retired connection as a partnership (record 0018)', () => {
		// 1–2, 1–3 and 3–4 count, 2–3 was retired: Tool 3 would work with both 1 and 2 if it counted.
		const pairs = parseIntegrations(
			[pair(1, 2), pair(1, 3), pair(2, 3, 'retired'), pair(3, 4, 'deprecated')],
			new Set([1, 2, 3, 4]),
		);
		const index = worksWithIndex(
			[1, 2, 3, 4].map((id) => ({ id, name: `Tool ${id}` })),
			pairs,
		);
		const partnersOf = (key: string) =>
			new Set(index.partnerIds.get(Number(key)) ?? []) as ReadonlySet<number>;
		const toolCards = [1, 2, 3, 4].map((id) => ({ ...cards[0]!, element: `Tool ${id}`, id }));
		const only = [worksWithFilter(partnersOf)];
		expect(names(filterCards(toolCards, only, { works_with: '1,2' }))).toEqual([]);
		expect(names(filterCards(toolCards, only, { works_with: '2,3' }))).toEqual(['Tool 1']);
		expect(names(filterCards(toolCards, only, { works_with: '1,4' }))).toEqual(['Tool 3']);
		expect(names(filterCards(toolCards, only, { works_with: '3' }))).toEqual(['Tool 1', 'Tool 4']);
	});
});

describe('partner ids on an option', () => {
	it('are written sorted and read back as a set', () => {
		expect(encodePartnerIds([30, 4, 100])).toBe('4 30 100');
		expect([...decodePartnerIds('4 30 100')]).toEqual([4, 30, 100]);
		expect(decodePartnerIds('').size).toBe(0);
		expect(decodePartnerIds(undefined).size).toBe(0);
	});
});

describe('filterStatus with works with', () => {
	it('names several tools as a list', () => {
		const tools = new Intl.ListFormat('en-GB').format(['Procore', 'Sage 300 CRE', 'HeavyBid']);
		expect(filterStatus(1, 182, '', '', tools)).toBe(
			'1 of 182 tools work with Procore, Sage 300 CRE and HeavyBid',
		);
	});

	it.each([
		[2, '', '', '2 of 182 tools work with Procore'],
		[1, 'pro', '', '1 of 182 tools match “pro” and work with Procore'],
		[1, '', 'Estimating', '1 of 182 tools in Estimating work with Procore'],
		[1, 'pro', 'Estimating', '1 of 182 tools match “pro” in Estimating and work with Procore'],
	])('%i shown, query %j, category %j: %s', (shown, query, label, expected) => {
		expect(filterStatus(shown, 182, query, label, 'Procore')).toBe(expected);
	});
});
