import { describe, expect, it } from 'vitest';
import { MAX_TOOLS, readAddress, writeAddress } from './address.ts';

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
