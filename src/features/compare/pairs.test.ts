import { describe, expect, it } from 'vitest';
import type { Fact, ToolFacts } from '../facts/facts.ts';
import { comparePairs, type PairTool, toolSlugs } from './pairs.ts';

const fact = (...value: string[]): Fact => ({
	value,
	detail: null,
	sources: [
		{
			url: 'https://vendor.example/',
			verifiedOn: '2026-11-25',
			value,
			quote: null,
			origin: 'read',
		},
	],
});
const field = (platforms: string[], audience = ['general_contractors']): ToolFacts => ({
	platforms: fact(...platforms),
	audience: fact(...audience),
});

function catalogue(size: number, categories = ['field-management', 'estimating']) {
	const tools: PairTool[] = Array.from({ length: size }, (_, i) => ({
		id: i + 1,
		name: `Tool ${String(i).padStart(5, '0')}`,
		category: categories[i % categories.length],
	}));
	const facts = new Map(
		tools.map((tool, i) => [tool.id, field(i % 3 ? ['web', 'ios'] : ['android'])]),
	);
	return { tools, facts, partners: new Map<number, number[]>() };
}

describe('comparePairs', () => {
	it('pairs only related tools: the same category, or one that "also does" the job', () => {
		const tools: PairTool[] = [
			{ id: 1, name: 'Alpha', category: 'field-management' },
			{ id: 2, name: 'Bravo', category: 'field-management' },
			{ id: 3, name: 'Charlie', category: 'estimating' },
			{ id: 4, name: 'Delta', category: 'financials' },
		];
		const facts = new Map<number, ToolFacts>([
			[1, field(['web'])],
			[2, field(['web'])],
			[3, field(['web'])],
			[4, { ...field(['web']), also_does: fact('estimating') }],
		]);
		const pairs = comparePairs({ tools, facts, partners: new Map() });
		expect(pairs.map(({ a, b }) => `${a}-${b}`).toSorted()).toEqual(['1-2', '3-4']);
	});

	it('puts the names in alphabetical order and ranks by shared facts and partners', () => {
		const tools: PairTool[] = [
			{ id: 9, name: 'Able', category: 'field-management' },
			{ id: 5, name: 'Baker', category: 'field-management' },
			{ id: 7, name: 'Cobb', category: 'field-management' },
		];
		const facts = new Map<number, ToolFacts>([
			[9, field(['web'])],
			[5, field(['android'])],
			[7, field(['android'])],
		]);
		const partners = new Map([
			[9, [100, 101]],
			[7, [100, 101]],
		]);
		const pairs = comparePairs({ tools, facts, partners });
		// Able and Cobb share two partners and the audience: first; names in order.
		expect(pairs[0]).toEqual({ a: 9, b: 7, score: 5 });
		expect(
			pairs.every(
				({ a, b }) => tools.findIndex((t) => t.id === a) < tools.findIndex((t) => t.id === b),
			),
		).toBe(true);
	});

	it('leaves out pairs with nothing in common', () => {
		const tools: PairTool[] = [
			{ id: 1, name: 'A', category: 'scheduling' },
			{ id: 2, name: 'B', category: 'scheduling' },
		];
		expect(comparePairs({ tools, facts: new Map(), partners: new Map() })).toEqual([]);
	});

	it('gives no tool more than three pages, and the same data the same pairs', () => {
		const input = catalogue(2_000);
		const pairs = comparePairs(input);
		const perTool = new Map<number, number>();
		for (const { a, b } of pairs) {
			perTool.set(a, (perTool.get(a) ?? 0) + 1);
			perTool.set(b, (perTool.get(b) ?? 0) + 1);
		}
		expect(Math.max(...perTool.values())).toBeLessThanOrEqual(3);
		// Nearly every tool still gets its three: 2,000 tools make 3,000 pairs at most.
		expect(pairs.length).toBeGreaterThan(2_800);
		expect(comparePairs(catalogue(2_000))).toEqual(pairs);
		// The order of the input's maps does not matter either.
		const shuffled = { ...input, facts: new Map([...input.facts].reverse()) };
		expect(comparePairs(shuffled)).toEqual(pairs);
	});

	it('weighs each tool against a bounded number of others (linear in the catalogue)', () => {
		const small = comparePairs(catalogue(1_000)).length;
		const large = comparePairs(catalogue(10_000)).length;
		expect(large / small).toBeGreaterThan(9);
		expect(large / small).toBeLessThan(11);
	});
});

describe('toolSlugs', () => {
	it('slugs names, adding the id where two would share one', () => {
		const slugs = toolSlugs([
			{ id: 1, name: 'Procore', category: 'project-management' },
			{ id: 2, name: 'Build & Co.', category: 'estimating' },
			{ id: 3, name: 'Build & Co', category: 'estimating' },
			{ id: 4, name: '日本', category: 'estimating' },
		]);
		expect([...slugs.values()]).toEqual(['procore', 'build-co-2', 'build-co-3', 'tool-4']);
	});
});
