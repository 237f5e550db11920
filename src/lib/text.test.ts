import { describe, expect, it } from 'vitest';
import { listNames } from './text.ts';

describe('listNames', () => {
	it('joins names as a sentence does', () => {
		expect(listNames([])).toBe('');
		expect(listNames(['A'])).toBe('A');
		expect(listNames(['A', 'B'])).toBe('A and B');
		expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
	});
});
