import { describe, expect, it } from 'vitest';
import {
	applyFilter,
	type FilterableCard,
	filterFromSearch,
	filterStatus,
	searchWithFilter,
} from './category-filter.ts';
import { searchKey } from './search.ts';

/** Cards as the island indexes them, with a count of writes to `hidden`. */
function cards() {
	const writes: string[] = [];
	const list = [
		['Procore', 'project-management'],
		['ProEst', 'estimating'],
		['PlanSwift', 'estimating'],
		['Fieldwire', 'field-management'],
	].map(([name, category]): FilterableCard => {
		let hidden = false;
		return {
			element: {
				get hidden() {
					return hidden;
				},
				set hidden(value) {
					writes.push(name);
					hidden = value;
				},
			},
			nameKey: searchKey(name),
			category,
			shown: true,
		};
	});
	const shown = () => list.filter((card) => !card.element.hidden).map((card) => card.nameKey);
	return { list, writes, shown };
}

describe('applyFilter', () => {
	it('combines the name search with the category, and counts name matches per category', () => {
		const { list, shown } = cards();
		const result = applyFilter(list, { query: 'PRO', category: 'estimating' });
		expect(shown()).toEqual(['proest']);
		expect(result).toEqual({
			shown: 1,
			nameMatches: 2,
			nameMatchesByCategory: { 'project-management': 1, estimating: 1 },
		});
	});

	it('never searches the category or anything but the name', () => {
		const { list, shown } = cards();
		applyFilter(list, { query: 'estimating', category: '' });
		expect(shown()).toEqual([]);
	});

	it('writes `hidden` only on cards whose visibility changes', () => {
		const { list, writes } = cards();
		applyFilter(list, { query: '', category: 'estimating' });
		expect(writes).toEqual(['Procore', 'Fieldwire']);
		applyFilter(list, { query: 'p', category: 'estimating' });
		expect(writes).toEqual(['Procore', 'Fieldwire']);
		applyFilter(list, { query: '', category: '' });
		expect(writes).toEqual(['Procore', 'Fieldwire', 'Procore', 'Fieldwire']);
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
