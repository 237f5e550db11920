import { describe, expect, it } from 'vitest';
import { relatedTools } from './related.ts';

describe('relatedTools', () => {
	const peers = ['a', 'b', 'c', 'd', 'e', 'f'];

	it('gives the next four after a position, wrapping round, never the item itself', () => {
		expect(relatedTools(peers, 0)).toEqual(['b', 'c', 'd', 'e']);
		expect(relatedTools(peers, 4)).toEqual(['f', 'a', 'b', 'c']);
	});

	it('gives fewer when the category is small, and none when the tool is alone', () => {
		expect(relatedTools(['a', 'b'], 1)).toEqual(['a']);
		expect(relatedTools(['a'], 0)).toEqual([]);
	});

	it('respects the limit', () => {
		expect(relatedTools(peers, 0, 2)).toEqual(['b', 'c']);
	});
});
