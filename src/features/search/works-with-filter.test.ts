import { describe, expect, it } from 'vitest';
import {
	categoryFilter,
	filterCards,
	filterStatus,
	type IndexedCard,
	isFiltering,
	nameFilter,
	searchWithValues,
	valuesFromSearch,
	worksWithFilter,
} from './filters.ts';
import { decodePartnerIds, encodePartnerIds } from './works-with-options.ts';
import { searchKey } from './search-rule.ts';

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

describe('partner ids on an option', () => {
	it('are written sorted and read back as a set', () => {
		expect(encodePartnerIds([30, 4, 100])).toBe('4 30 100');
		expect([...decodePartnerIds('4 30 100')]).toEqual([4, 30, 100]);
		expect(decodePartnerIds('').size).toBe(0);
		expect(decodePartnerIds(undefined).size).toBe(0);
	});
});

describe('filterStatus with works with', () => {
	it.each([
		[2, '', '', '2 of 182 tools work with Procore'],
		[1, 'pro', '', '1 of 182 tools match “pro” and work with Procore'],
		[1, '', 'Estimating', '1 of 182 tools in Estimating work with Procore'],
		[1, 'pro', 'Estimating', '1 of 182 tools match “pro” in Estimating and work with Procore'],
	])('%i shown, query %j, category %j: %s', (shown, query, label, expected) => {
		expect(filterStatus(shown, 182, query, label, 'Procore')).toBe(expected);
	});
});
