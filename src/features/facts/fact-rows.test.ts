import { describe, expect, it } from 'vitest';
import { CATEGORY_CAPABILITIES } from './capabilities.ts';
import { type Fact, factRows } from './facts.ts';
import { COMMON_FACT_KEYS } from './vocabulary.ts';

const said = (...value: string[]): Fact => ({
	value,
	detail: null,
	sources: [
		{ url: 'https://v.example/', verifiedOn: '2026-12-02', value, quote: 'q', origin: 'read' },
	],
});

describe('a tool page’s facts', () => {
	it('lead with what a tool of its category can do, known or not, then the common facts', () => {
		const rows = factRows({ assemblies: said('yes') }, 'estimating');
		expect(rows.map((row) => row.key)).toEqual([
			...CATEGORY_CAPABILITIES.estimating,
			...COMMON_FACT_KEYS,
		]);
		expect(rows.filter((row) => row.fact).map((row) => row.key)).toEqual(['assemblies']);
		expect(rows.filter((row) => row.capability)).toHaveLength(
			CATEGORY_CAPABILITIES.estimating.length,
		);
	});

	it('show what else its vendor documents it doing, never an unknown of another category', () => {
		const rows = factRows(
			{ rfis: said('yes'), gantt: said('yes'), also_does: said('scheduling') },
			'field-management',
		);
		const keys = rows.map((row) => row.key);
		expect(keys).toContain('gantt');
		expect(keys).not.toContain('cpm');
		// Its own category's rows first, then the documented others.
		expect(keys.indexOf('gantt')).toBeGreaterThan(keys.indexOf('rfis'));
		expect(keys.indexOf('gantt')).toBeLessThan(keys.indexOf('audience'));
	});
});
