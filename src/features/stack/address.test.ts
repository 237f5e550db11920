import { describe, expect, it } from 'vitest';
import { MAX_TOOLS, readAddress, writeAddress } from './address.ts';

describe('the stack address', () => {
	it('reads tool ids in order, each once, at most eight, and the category', () => {
		expect(readAddress('?tools=12,3,12,x,0,-4,7&category=scheduling')).toEqual({
			toolIds: [12, 3, 7],
			category: 'scheduling',
		});
		expect(readAddress('?tools=1,2,3,4,5,6,7,8,9,10').toolIds).toHaveLength(MAX_TOOLS);
		expect(readAddress('')).toEqual({ toolIds: [], category: '' });
	});

	it('writes a readable address, keeping other parameters', () => {
		expect(writeAddress('', { toolIds: [3, 12], category: '' })).toBe('?tools=3,12');
		expect(writeAddress('?ref=mail&tools=1', { toolIds: [4], category: 'estimating' })).toBe(
			'?ref=mail&tools=4&category=estimating',
		);
		expect(writeAddress('?tools=1', { toolIds: [], category: '' })).toBe('');
	});
});
