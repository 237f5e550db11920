import { describe, expect, it } from 'vitest';
import { matchTools } from './match.ts';

describe('the picker suggestions', () => {
	const names = ['Autodesk Build', 'Procore', 'ProjectWise', 'Sage 300 CRE', 'Sage Estimating'];
	const lower = names.map((name) => name.toLowerCase());
	const degree = [5, 26, 2, 9, 2];

	it('offers names containing the text, those starting with it first, then the most connected', () => {
		expect(matchTools(lower, 'pro', new Set(), degree)).toEqual([1, 2]);
		expect(matchTools(lower, 'E', new Set(), degree)).toEqual([1, 3, 0, 2, 4]);
		expect(matchTools(lower, 'build', new Set(), degree)).toEqual([0]);
		expect(matchTools(lower, 'S', new Set(), degree)).toEqual([3, 4, 0, 2]);
		expect(matchTools(lower, '  sage ', new Set(), degree)).toEqual([3, 4]);
	});

	it('leaves out chosen tools, offers nothing for nothing typed, and keeps to the limit', () => {
		expect(matchTools(lower, 'sage', new Set([3]), degree)).toEqual([4]);
		expect(matchTools(lower, ' ', new Set(), degree)).toEqual([]);
		expect(matchTools(lower, 'e', new Set(), degree, 2)).toEqual([1, 3]);
		expect(matchTools(lower, 'zzz', new Set(), degree)).toEqual([]);
	});
});
