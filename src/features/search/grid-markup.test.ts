import { describe, expect, it } from 'vitest';
import { GRID_SECTION_SIZE, sections } from './grid-markup.ts';

describe('sections', () => {
	it('splits a grid into consecutive sections, the last one shorter, none empty', () => {
		const items = Array.from({ length: GRID_SECTION_SIZE * 2 + 5 }, (_, i) => i);
		const split = sections(items);
		expect(split.map((s) => s.length)).toEqual([GRID_SECTION_SIZE, GRID_SECTION_SIZE, 5]);
		expect(split.flat()).toEqual(items);
		expect(sections([])).toEqual([]);
	});

	it('keeps every row of a 1, 2, 3 or 4 column grid full', () => {
		for (const columns of [1, 2, 3, 4]) expect(GRID_SECTION_SIZE % columns).toBe(0);
	});
});
