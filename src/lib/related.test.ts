import { describe, expect, it } from 'vitest';
import { distinctToolTitles, relatedTools } from './related.ts';

const tools = [
	{ id: 1, category: 'a' },
	{ id: 2, category: 'b' },
	{ id: 3, category: 'a' },
	{ id: 4, category: 'a' },
	{ id: 5, category: 'a' },
	{ id: 6, category: 'a' },
	{ id: 7, category: 'a' },
];
const ids = (list: { id: number }[]) => list.map((tool) => tool.id);

describe('relatedTools', () => {
	it('gives the next four in the same category, wrapping round, never the tool itself', () => {
		expect(ids(relatedTools(tools[0], tools))).toEqual([3, 4, 5, 6]);
		expect(ids(relatedTools(tools[5], tools))).toEqual([7, 1, 3, 4]);
	});

	it('gives fewer when the category is small, and none when the tool is alone', () => {
		expect(ids(relatedTools(tools[1], tools))).toEqual([]);
		expect(ids(relatedTools(tools[0], tools.slice(0, 3)))).toEqual([3]);
	});

	it('respects the limit', () => {
		expect(ids(relatedTools(tools[0], tools, 2))).toEqual([3, 4]);
	});
});

describe('distinctToolTitles', () => {
	it('is the name, told apart by host and id only when names are shared', () => {
		const titles = distinctToolTitles([
			{ id: 1, name: 'Procore', url: 'https://www.procore.com/' },
			{ id: 2, name: 'Atlas', url: 'https://atlas.example/' },
			{ id: 3, name: 'Atlas', url: 'https://atlas.example/eu' },
		]);
		expect([...titles.values()]).toEqual([
			'Procore',
			'Atlas (atlas.example, #2)',
			'Atlas (atlas.example, #3)',
		]);
	});
});
