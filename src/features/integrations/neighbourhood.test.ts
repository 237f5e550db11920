import { describe, expect, it } from 'vitest';
import {
	layoutNeighbourhood,
	NEIGHBOURHOOD_HEIGHT,
	NEIGHBOURHOOD_LIMIT,
	NEIGHBOURHOOD_WIDTH,
	neighbourhoodSvg,
} from './neighbourhood.ts';

const toolOf = (id: number) => ({
	name: id === 1 ? 'Hub <One> & Co' : `Tool ${id}`,
	category: 'financials' as const,
	href: `/app/${id}/`,
});
/** Partners 2..n+1; a tool has as many partners as its id, and even ids work with each other. */
const draw = (partners: number) =>
	layoutNeighbourhood(
		1,
		Array.from({ length: partners }, (_, at) => at + 2),
		(id) => id,
		(a, b) => a % 2 === 0 && b % 2 === 0,
	);

describe("a tool's neighbourhood", () => {
	it('draws the tool first, then its most connected partners, and the links among them', () => {
		const layout = draw(40);
		expect(layout.nodes).toHaveLength(NEIGHBOURHOOD_LIMIT + 1);
		expect(layout.totalPartners).toBe(40);
		expect(layout.nodes.map((node) => node.id).slice(0, 4)).toEqual([1, 41, 40, 39]);
		for (const [a, b] of layout.links) {
			expect(layout.nodes[a].id % 2).toBe(0);
			expect(layout.nodes[b].id % 2).toBe(0);
			expect(a).toBeGreaterThan(0);
		}
		for (const node of layout.nodes) {
			expect(node.x - node.r).toBeGreaterThanOrEqual(0);
			expect(node.x + node.r).toBeLessThanOrEqual(NEIGHBOURHOOD_WIDTH);
			expect(node.y - node.r).toBeGreaterThanOrEqual(0);
			expect(node.y + node.r).toBeLessThanOrEqual(NEIGHBOURHOOD_HEIGHT);
		}
	});

	it('gives the same SVG for the same data: links among partners named, text escaped', () => {
		const svg = neighbourhoodSvg(draw(12), toolOf, 't');
		expect(neighbourhoodSvg(draw(12), toolOf, 't')).toBe(svg);
		expect(svg.match(/<a href="\/app\/\d+\/"/g)).toHaveLength(13);
		expect(svg).toContain('aria-label="Tool 12: works with 12, here also with');
		expect(svg).toContain('Hub &lt;One&gt; &amp; Co: works with 12');
		expect(svg).not.toContain('<One>');
	});

	it('draws a star without a simulation when the partners do not work with each other', () => {
		const layout = layoutNeighbourhood(
			1,
			[3, 5],
			(id) => id,
			() => false,
		);
		expect(layout.links).toEqual([]);
		const [centre, right, left] = layout.nodes;
		expect([centre.x, centre.y]).toEqual([NEIGHBOURHOOD_WIDTH / 2, NEIGHBOURHOOD_HEIGHT / 2]);
		expect(right.y).toBe(centre.y);
		expect(right.x).toBeGreaterThan(centre.x);
		expect(left.x).toBeLessThan(centre.x);
	});
});
