import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import { parseIntegrations, partnersByTool, rankHubs } from './graph.ts';
import { layoutMap, MAP_HEIGHT, MAP_LABELS, MAP_WIDTH } from './map-layout.ts';
import { CATEGORY_COLOURS, mapSvg, type PlacedLabel, placeLabels } from './map-svg.ts';

/** A few hubs connected to a long tail, like the real ecosystem. */
function ecosystem(tools: number) {
	const rows = [];
	for (let id = 6; id <= tools; id++) {
		rows.push({
			id,
			tool_low_id: 1 + (id % 5),
			tool_high_id: id,
			kind: 'api',
			source_url: 'https://x.example/',
			verified_on: '2026-11-25',
		});
		if (id % 7 === 0 && id > 7)
			rows.push({
				id: -id,
				tool_low_id: id - 1,
				tool_high_id: id,
				kind: 'native',
				source_url: 'https://y.example/',
				verified_on: '2026-11-25',
			});
	}
	const ids = Array.from({ length: tools }, (_, i) => i + 1);
	const pairs = parseIntegrations(rows, new Set(ids));
	return { ids, pairs, hubs: rankHubs(ids, partnersByTool(pairs)) };
}

const toolOf = (id: number) => ({
	name: id === 1 ? 'Hub <One> & Co' : `Tool ${id}`,
	category: CATEGORY_SLUGS[id % CATEGORY_SLUGS.length],
	href: `/app/${id}/`,
});

describe('integration map', () => {
	it('gives the same SVG for the same data', () => {
		const first = ecosystem(80);
		const second = ecosystem(80);
		const a = mapSvg(layoutMap(first.hubs, first.pairs), toolOf, 't');
		const b = mapSvg(layoutMap(second.hubs, second.pairs), toolOf, 't');
		expect(a).toBe(b);
		expect(a.length).toBeGreaterThan(1000);
	});

	it('draws every connected tool as a link inside the canvas, hubs labelled', () => {
		const { hubs, pairs } = ecosystem(60);
		const layout = layoutMap(hubs, pairs);
		expect(layout.nodes).toHaveLength(60);
		expect(layout.edges.length).toBe(pairs.length);
		for (const node of layout.nodes) {
			expect(node.x - node.r).toBeGreaterThanOrEqual(0);
			expect(node.x + node.r).toBeLessThanOrEqual(MAP_WIDTH);
			expect(node.y - node.r).toBeGreaterThanOrEqual(0);
			expect(node.y + node.r).toBeLessThanOrEqual(MAP_HEIGHT);
		}
		const svg = mapSvg(layout, toolOf, 't');
		expect(svg.match(/<a href="\/app\/\d+\/"/g)).toHaveLength(60);
		// Two sets (wide and narrow type), each of at most MAP_LABELS: a label with no free place
		// is left out (placeLabels).
		const sets = svg.match(/<g class="integration-map__labels[^"]*"[^>]*>.*?<\/g>/g)!;
		expect(sets).toHaveLength(2);
		for (const set of sets) {
			const count = set.match(/<text /g)?.length ?? 0;
			expect(count).toBeGreaterThan(0);
			expect(count).toBeLessThanOrEqual(MAP_LABELS);
		}
		expect(svg).toContain('Hub &lt;One&gt; &amp; Co');
		expect(svg).not.toContain('<One>');
		expect(svg).toContain(`fill="${CATEGORY_COLOURS.get(toolOf(1).category)}"`);
	});

	it('shows only the most connected part of a big graph and counts the rest', () => {
		const { hubs, pairs } = ecosystem(2000);
		const layout = layoutMap(hubs, pairs, 100);
		expect(layout.nodes).toHaveLength(100);
		expect(layout.connectedTools).toBe(2000);
		expect(
			layout.nodes
				.slice(0, 5)
				.map((node) => node.id)
				.sort(),
		).toEqual([1, 2, 3, 4, 5]);
		for (const [a, b] of layout.edges) expect(Math.max(a, b)).toBeLessThan(100);
	});

	it('draws no line for a retired connection', () => {
		const { hubs, pairs } = ecosystem(30);
		const retired = pairs.map((pair, at) =>
			at === 0 ? { ...pair, status: 'retired' as const } : pair,
		);
		expect(layoutMap(hubs, retired).edges.length).toBe(pairs.length - 1);
	});

	it('keeps the palette distinct across categories', () => {
		expect(new Set(CATEGORY_COLOURS.values()).size).toBe(CATEGORY_SLUGS.length);
	});

	it('places labels that cover no other label and no dot, leaving out those with no room', () => {
		const nodes = [
			{ x: 100, y: 100, r: 10, text: 'Centre' },
			{ x: 130, y: 100, r: 6, text: 'Right next to it' },
			{ x: 100, y: 125, r: 6, text: 'Below' },
			{ x: 470, y: 200, r: 6, text: 'At the right edge' },
		];
		const placed = placeLabels(nodes, 13, 480, 400);
		const box = (label: PlacedLabel) => {
			const w = label.text.length * 13 * 0.7;
			const left =
				label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - w : label.x - w / 2;
			return [left, label.y - 13, left + w, label.y + 3];
		};
		const meets = (a: number[], b: number[]) =>
			a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
		for (const [at, label] of placed.entries()) {
			for (const other of placed.slice(at + 1)) expect(meets(box(label), box(other))).toBe(false);
			for (const dot of nodes)
				expect(
					meets(box(label), [dot.x - dot.r, dot.y - dot.r, dot.x + dot.r, dot.y + dot.r]),
				).toBe(false);
			const [left, , right] = box(label);
			expect(left).toBeGreaterThanOrEqual(0);
			expect(right).toBeLessThanOrEqual(480);
		}
		expect(placed[0].text).toBe('Centre');
		expect(placed.find((label) => label.text === 'At the right edge')?.anchor).toBe('end');
	});
});
