import { describe, expect, it } from 'vitest';
import type { CategorySlug } from '../../lib/categories.ts';
import { buildLandscape, type LandscapeTool, mostConnected, tileCount } from './landscape.ts';

const tool = (id: number, category: CategorySlug): LandscapeTool => ({
	id,
	name: `Tool ${id}`,
	category,
});

describe('buildLandscape', () => {
	const tools = [tool(1, 'estimating'), tool(2, 'field-management'), tool(3, 'estimating')];
	const also: Record<number, string[]> = {
		2: ['safety-quality', 'field-management', 'safety-quality', 'not-a-category'],
		3: ['bim-design'],
	};
	const map = buildLandscape(tools, (t) => also[t.id] ?? []);
	const category = (slug: string) => map.flatMap((p) => p.categories).find((c) => c.slug === slug)!;

	it('places every tool once in its own category', () => {
		const own = map.flatMap((p) => p.categories.flatMap((c) => c.tiles.filter((t) => !t.also)));
		expect(own.map((t) => t.tool.id).sort()).toEqual([1, 2, 3]);
		expect(category('estimating').tiles.map((t) => t.tool.id)).toEqual([1, 3]);
	});

	it('places it again, marked, in each other category it also does, once each', () => {
		expect(category('safety-quality').tiles).toEqual([{ tool: tools[1], also: true }]);
		expect(category('bim-design').tiles).toEqual([{ tool: tools[2], also: true }]);
		expect(category('field-management').tiles).toEqual([{ tool: tools[1], also: false }]);
		expect(tileCount(map)).toBe(5);
	});

	it('puts a category own tools before those that also do its job', () => {
		const map2 = buildLandscape([tool(5, 'bim-design'), tool(9, 'estimating')], (t) =>
			t.id === 5 ? ['estimating'] : [],
		);
		const estimating = map2.flatMap((p) => p.categories).find((c) => c.slug === 'estimating')!;
		expect(estimating.tiles.map((t) => [t.tool.id, t.also])).toEqual([
			[9, false],
			[5, true],
		]);
	});

	it('shows every category, empty ones too, in phase order', () => {
		expect(map.map((p) => p.phase.key)).toEqual([
			'design',
			'preconstruction',
			'construction',
			'back-office',
		]);
		expect(map.flatMap((p) => p.categories)).toHaveLength(12);
	});
});

describe('mostConnected', () => {
	it("keeps each category's most connected tools, in the order given, with its total", () => {
		const tools = [1, 2, 3, 4].map((id) => tool(id, 'estimating'));
		const map = buildLandscape(tools, () => []);
		const cut = mostConnected(
			map,
			new Map([
				[3, 5],
				[4, 2],
				[1, 2],
			]),
			2,
		);
		const estimating = cut.flatMap((p) => p.categories).find((c) => c.slug === 'estimating')!;
		expect(estimating.tiles.map((t) => t.tool.id)).toEqual([1, 3]);
		expect(estimating.total).toBe(4);
	});
});
