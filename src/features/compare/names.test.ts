import { describe, expect, it } from 'vitest';
import type { NameEntry } from './files.ts';
import { matchNames } from './match.ts';
import { listNames } from './names.ts';

const entries: NameEntry[] = [
	[1, 'Autodesk Build'],
	[2, 'Buildertrend'],
	[3, 'Fieldwire'],
	[4, 'Procore'],
	[5, 'SmartBuild'],
];
const keys = entries.map(([, name]) => name.toLowerCase());

describe('matchNames', () => {
	it('offers names that start with the text first, then names that contain it, any case', () => {
		expect(matchNames(entries, keys, 'BUILD', [], 8).map(([id]) => id)).toEqual([2, 1, 5]);
	});

	it('leaves out the tools already chosen, and stops at the limit', () => {
		expect(matchNames(entries, keys, 'build', [2], 8).map(([id]) => id)).toEqual([1, 5]);
		expect(matchNames(entries, keys, 'build', [], 2).map(([id]) => id)).toEqual([2, 1]);
	});

	it('offers nothing for an empty box', () => {
		expect(matchNames(entries, keys, '  ', [], 8)).toEqual([]);
	});
});

describe('listNames', () => {
	it('joins names as a sentence does', () => {
		expect(listNames([])).toBe('');
		expect(listNames(['A'])).toBe('A');
		expect(listNames(['A', 'B'])).toBe('A and B');
		expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
	});
});
