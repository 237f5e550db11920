import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import { PHASES, phaseOf } from './phases.ts';

describe('lifecycle phases', () => {
	it('hold every category exactly once', () => {
		const placed = PHASES.flatMap((phase) => phase.categories);
		expect([...placed].sort()).toEqual([...CATEGORY_SLUGS].sort());
		expect(new Set(placed).size).toBe(placed.length);
	});

	it('answer which phase a category is in', () => {
		expect(phaseOf('estimating').label).toBe('Preconstruction');
		expect(phaseOf('bim-design').label).toBe('Design');
		expect(phaseOf('workforce').label).toBe('Back office and assets');
	});

	it('have distinct keys', () => {
		expect(new Set(PHASES.map((phase) => phase.key)).size).toBe(PHASES.length);
	});
});
