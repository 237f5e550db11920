import { describe, expect, it } from 'vitest';
import {
	type CardFilter,
	categoryFilter,
	filterCards,
	filterStatus,
	type IndexedCard,
	isFiltering,
	nameFilter,
	searchWithValues,
	valuesFromSearch,
} from './filters.ts';
import { searchKey } from './search-rule.ts';

/** Cards as the island indexes them (the element is the name, for readable assertions). */
const cards: IndexedCard<string>[] = [
	['Procore', 'project-management'],
	['ProEst', 'estimating'],
	['PlanSwift', 'estimating'],
	['Fieldwire', 'field-management'],
].map(([name, category]) => ({ element: name, nameKey: searchKey(name), categories: [category] }));
const names = (result: { matches: IndexedCard<string>[] }) => result.matches.map((c) => c.element);
const filters = [categoryFilter(new Set(['estimating', 'bim-design'])), nameFilter];

describe('filterCards', () => {
	it('combines the name search with the category, and counts name matches per category', () => {
		const result = filterCards(cards, filters, { q: 'PRO', category: 'estimating' });
		expect(names(result)).toEqual(['ProEst']);
		expect(result.facetTotal).toBe(2);
		expect(result.facetCounts).toEqual({ 'project-management': 1, estimating: 1 });
	});

	it('never searches the category or anything but the name', () => {
		expect(names(filterCards(cards, filters, { q: 'estimating' }))).toEqual([]);
	});

	it('keeps catalogue order and treats an empty or blank query as everything', () => {
		expect(names(filterCards(cards, filters, { q: '  ', category: '' }))).toEqual([
			'Procore',
			'ProEst',
			'PlanSwift',
			'Fieldwire',
		]);
		expect(names(filterCards(cards, filters, { category: 'estimating' }))).toEqual([
			'ProEst',
			'PlanSwift',
		]);
	});

	it('combines any further filter with AND, and counts chips under it', () => {
		const initial: CardFilter = {
			param: 'initial',
			read: (raw) => raw ?? '',
			matcher: (value) => (value ? (card) => card.nameKey.startsWith(value) : null),
		};
		const result = filterCards(cards, [...filters, initial], { q: 'pro', initial: 'proc' });
		expect(names(result)).toEqual(['Procore']);
		expect(result.facetCounts).toEqual({ 'project-management': 1 });
	});
});

describe('the category filter', () => {
	it('keeps the tools that also do the job, and counts them under each of their categories', () => {
		const suite: IndexedCard<string> = {
			element: 'Suite',
			nameKey: 'suite',
			categories: ['project-management', 'estimating'],
		};
		const result = filterCards([...cards, suite], filters, { category: 'estimating' });
		expect(names(result)).toEqual(['ProEst', 'PlanSwift', 'Suite']);
		expect(result.facetCounts).toEqual({
			'project-management': 2,
			estimating: 3,
			'field-management': 1,
		});
		expect(result.facetTotal).toBe(5);
	});
});

describe('isFiltering', () => {
	it('is true only when some filter narrows the catalogue', () => {
		expect(isFiltering(filters, {})).toBe(false);
		expect(isFiltering(filters, { q: '   ', category: '' })).toBe(false);
		expect(isFiltering(filters, { q: 'a' })).toBe(true);
		expect(isFiltering(filters, { category: 'estimating' })).toBe(true);
	});
});

describe('filters in the address', () => {
	it('reads category and query, ignoring an unknown category', () => {
		expect(valuesFromSearch('?category=estimating&q=c%2B%2B', filters)).toEqual({
			category: 'estimating',
			q: 'c++',
		});
		expect(valuesFromSearch('?category=astrology', filters)).toEqual({ category: '', q: '' });
	});

	it('writes category then q, dropping empty ones and keeping other parameters', () => {
		expect(
			searchWithValues('?q=old&utm_source=x', filters, { category: 'bim-design', q: 'a b' }),
		).toBe('?category=bim-design&q=a+b&utm_source=x');
		expect(searchWithValues('?category=bim-design&q=x', filters, { category: '', q: '' })).toBe('');
	});

	it('round-trips', () => {
		const values = { category: 'estimating', q: '(beta) & c++' };
		expect(valuesFromSearch(searchWithValues('', filters, values), filters)).toEqual(values);
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

	it('names the fact filters after the others', () => {
		expect(filterStatus(7, 182, '', '', '', 'Android, Free trial')).toBe(
			'7 of 182 tools, filtered by Android, Free trial',
		);
		expect(filterStatus(2, 182, 'pro', 'Field Management', 'Procore', 'Android')).toBe(
			'2 of 182 tools match “pro” in Field Management and work with Procore, filtered by Android',
		);
	});
});
