import { describe, expect, it } from 'vitest';
import {
	filterCards,
	filterFromSearch,
	type IndexedCard,
	filterStatus,
	searchWithFilter,
} from './category-filter.ts';
import { searchKey } from './search.ts';

/** Cards as the island indexes them (the element is the name, for readable assertions). */
const cards: IndexedCard<string>[] = [
	['Procore', 'project-management'],
	['ProEst', 'estimating'],
	['PlanSwift', 'estimating'],
	['Fieldwire', 'field-management'],
].map(([name, category]) => ({ element: name, nameKey: searchKey(name), category }));
const names = (result: { matches: IndexedCard<string>[] }) => result.matches.map((c) => c.element);

describe('filterCards', () => {
	it('combines the name search with the category, and counts name matches per category', () => {
		const result = filterCards(cards, { query: 'PRO', category: 'estimating' });
		expect(names(result)).toEqual(['ProEst']);
		expect(result.nameMatches).toBe(2);
		expect(result.nameMatchesByCategory).toEqual({ 'project-management': 1, estimating: 1 });
	});

	it('never searches the category or anything but the name', () => {
		expect(names(filterCards(cards, { query: 'estimating', category: '' }))).toEqual([]);
	});

	it('keeps catalogue order and treats an empty or blank query as everything', () => {
		expect(names(filterCards(cards, { query: '  ', category: '' }))).toEqual([
			'Procore',
			'ProEst',
			'PlanSwift',
			'Fieldwire',
		]);
		expect(names(filterCards(cards, { query: '', category: 'estimating' }))).toEqual([
			'ProEst',
			'PlanSwift',
		]);
	});
});

describe('filter in the address', () => {
	const known = new Set(['estimating', 'bim-design']);

	it('reads category and query, ignoring an unknown category', () => {
		expect(filterFromSearch('?category=estimating&q=c%2B%2B', known)).toEqual({
			category: 'estimating',
			query: 'c++',
		});
		expect(filterFromSearch('?category=astrology', known)).toEqual({ category: '', query: '' });
	});

	it('writes category then q, dropping empty ones and keeping other parameters', () => {
		expect(searchWithFilter('?q=old&utm_source=x', { category: 'bim-design', query: 'a b' })).toBe(
			'?category=bim-design&q=a+b&utm_source=x',
		);
		expect(searchWithFilter('?category=bim-design&q=x', { category: '', query: '' })).toBe('');
	});

	it('round-trips', () => {
		const filter = { category: 'estimating', query: '(beta) & c++' };
		expect(filterFromSearch(searchWithFilter('', filter), known)).toEqual(filter);
	});
});

describe('filterStatus', () => {
	it.each([
		[182, '', '', '182 tools'],
		[3, 'pro ', '', '3 of 182 tools match “pro”'],
		[19, '', 'Estimating & Takeoff', '19 of 182 tools in Estimating & Takeoff'],
		[1, 'pro', 'Estimating & Takeoff', '1 of 182 tools match “pro” in Estimating & Takeoff'],
	])('%i shown, query %j, category %j: %s', (shown, query, label, expected) => {
		expect(filterStatus(shown, 182, query, label)).toBe(expected);
	});
});
