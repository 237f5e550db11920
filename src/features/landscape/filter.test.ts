import { describe, expect, it } from 'vitest';
import { activeFilters, isFiltering, tileMatches, toggledSearch } from './filter.ts';

const offered = new Set(['platform:android', 'platform:web', 'free:version', 'works_with:12']);
const partners = new Map([['12', new Set([3, 4])]]);
const partnersOf = (key: string) => partners.get(key) ?? null;

describe('the market map filters', () => {
	it('read the offered filters from the address, ignoring others', () => {
		const active = activeFilters('?platform=android&free=version&q=x', offered, partnersOf);
		expect(active.tokens).toEqual(['platform:android', 'free:version']);
		expect(activeFilters('?platform=toaster', offered, partnersOf).tokens).toEqual([]);
		expect(isFiltering(activeFilters('', offered, partnersOf))).toBe(false);
	});

	it('keep a tile only when it has every chosen fact and works with every chosen tool', () => {
		const active = activeFilters('?platform=android&works_with=12,99', offered, partnersOf);
		expect(active.partnerSets).toHaveLength(1);
		expect(active.tokens).toEqual(['platform:android']);
		expect(tileMatches('platform:web platform:android', 3, active)).toBe(true);
		expect(tileMatches('platform:android', 5, active)).toBe(false);
		// Unknown is not "no", but it is not a match either: a tile with no facts is faded.
		expect(tileMatches('', 3, active)).toBe(false);
		expect(tileMatches('', 3, activeFilters('', offered, partnersOf))).toBe(true);
	});

	it('toggle one value of a group in the address', () => {
		expect(toggledSearch('', 'platform', 'android')).toBe('?platform=android');
		expect(toggledSearch('?platform=android', 'platform', 'web')).toBe('?platform=web');
		expect(toggledSearch('?platform=android&works_with=1,2', 'platform', 'android')).toBe(
			'?works_with=1,2',
		);
	});
});
