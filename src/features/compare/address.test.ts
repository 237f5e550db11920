import { describe, expect, it } from 'vitest';
// The pickers' list rules (picker/address.ts) through the two pages' addresses that use them.
import { PICK_LIMITS } from '../picker/limits.ts';
import { readStackAddress, writeStackAddress } from '../stack/address.ts';
import {
	readCompareAddress as readAddress,
	writeCompareAddress as writeAddress,
} from './address.ts';

const MAX_TOOLS = PICK_LIMITS.compare;

describe('readAddress', () => {
	it('reads the comma form and the repeated form a plain form submits, in order, each once', () => {
		expect(readAddress('?tools=3,9,12').ids).toEqual([3, 9, 12]);
		expect(readAddress('?tools=3&tools=9&tools=3').ids).toEqual([3, 9]);
		expect(readAddress('?tools=3%2C9&tools=12').ids).toEqual([3, 9, 12]);
		expect(readAddress('').ids).toEqual([]);
	});

	it(`keeps the first ${MAX_TOOLS} tools and says which were left out`, () => {
		const address = readAddress('?tools=1,2,3,4,5,6');
		expect(address.ids).toEqual([1, 2, 3, 4]);
		expect(address.extra).toEqual([5, 6]);
	});

	it('sets aside values that are not tool ids', () => {
		const address = readAddress('?tools=3,procore,,0,-2, 9 ');
		expect(address.ids).toEqual([3, 9]);
		expect(address.invalid).toEqual(['procore', '0', '-2']);
	});

	it('reads the "differences only" switch', () => {
		expect(readAddress('?tools=1,2&differences=only').differencesOnly).toBe(true);
		expect(readAddress('?tools=1,2&differences=yes').differencesOnly).toBe(false);
	});
});

describe('writeAddress', () => {
	it('writes the comma form, the switch after it, and keeps other parameters', () => {
		expect(writeAddress('?tools=3&tools=9&ref=mail', [3, 9], false)).toBe('?tools=3,9&ref=mail');
		expect(writeAddress('?tools=3', [3, 9], true)).toBe('?tools=3,9&differences=only');
		expect(writeAddress('?tools=3&differences=only', [], false)).toBe('');
	});

	it('round-trips through readAddress', () => {
		const search = writeAddress('', [12, 4, 7], true);
		expect(readAddress(search)).toEqual({
			ids: [12, 4, 7],
			extra: [],
			invalid: [],
			differencesOnly: true,
		});
	});
});

describe('the stack address', () => {
	it('reads tool ids in order, each once, at most eight, and the category', () => {
		expect(readStackAddress('?tools=12,3,12,x,0,-4,7&category=scheduling')).toEqual({
			toolIds: [12, 3, 7],
			category: 'scheduling',
		});
		expect(readStackAddress('?tools=1,2,3,4,5,6,7,8,9,10').toolIds).toHaveLength(PICK_LIMITS.stack);
		expect(readStackAddress('')).toEqual({ toolIds: [], category: '' });
	});

	it('writes a readable address, keeping other parameters', () => {
		expect(writeStackAddress('', { toolIds: [3, 12], category: '' })).toBe('?tools=3,12');
		expect(writeStackAddress('?ref=mail&tools=1', { toolIds: [4], category: 'estimating' })).toBe(
			'?tools=4&category=estimating&ref=mail',
		);
		expect(writeStackAddress('?tools=1', { toolIds: [], category: '' })).toBe('');
	});
});
