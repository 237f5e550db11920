import { describe, expect, it } from 'vitest';
import { suggest } from './suggest.ts';

describe('the picker suggestions', () => {
	const names = ['Autodesk Build', 'Procore', 'ProjectWise', 'Sage 300 CRE', 'Sage Estimating'];
	const lower = names.map((name) => name.toLowerCase());
	const degree = [5, 26, 2, 9, 2];

	it('offers names containing the text, those starting with it first, then the most connected', () => {
		expect(suggest(lower, degree, 'pro', new Set())).toEqual([1, 2]);
		expect(suggest(lower, degree, 'E', new Set())).toEqual([1, 3, 0, 2, 4]);
		expect(suggest(lower, degree, 'build', new Set())).toEqual([0]);
		expect(suggest(lower, degree, 'S', new Set())).toEqual([3, 4, 0, 2]);
		expect(suggest(lower, degree, '  sage ', new Set())).toEqual([3, 4]);
	});

	it('leaves out chosen tools, offers nothing for nothing typed, and keeps to the limit', () => {
		expect(suggest(lower, degree, 'sage', new Set([3]))).toEqual([4]);
		expect(suggest(lower, degree, ' ', new Set())).toEqual([]);
		expect(suggest(lower, degree, 'e', new Set(), 2)).toEqual([1, 3]);
		expect(suggest(lower, degree, 'zzz', new Set())).toEqual([]);
	});
});
