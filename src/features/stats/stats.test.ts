import { describe, expect, it } from 'vitest';
import type { ToolFacts } from '../facts/facts.ts';
import type { Integration } from '../integrations/types.ts';
import { byMonth, computeStats, type StatsTool } from './stats.ts';

const tools: StatsTool[] = [
	{ id: 1, name: 'A', category: 'estimating', publishedAt: new Date('2026-01-15') },
	{ id: 2, name: 'B', category: 'bim-design', publishedAt: new Date('2026-03-02') },
	{ id: 3, name: 'C', category: 'estimating', publishedAt: null },
];
const source = (verifiedOn: string) => ({
	url: 'https://a.test/',
	verifiedOn,
	value: [],
	quote: null,
	origin: 'read' as const,
});
const facts = new Map<number, ToolFacts>([
	[
		1,
		{
			platforms: {
				value: ['web', 'ios'],
				detail: null,
				sources: [source('2026-02-01'), source('2026-02-09')],
			},
		},
	],
	[2, { platforms: { value: ['web'], detail: null, sources: [source('2026-04-01')] } }],
]);
const pair = (lowId: number, highId: number, extra: Partial<Integration> = {}): Integration => ({
	lowId,
	highId,
	kind: 'native',
	note: null,
	sourceUrl: 'https://a.test/',
	direction: null,
	moves: null,
	via: null,
	viaService: null,
	status: null,
	verifiedOn: '2026-05-01',
	...extra,
});

describe('computeStats', () => {
	const stats = computeStats(tools, facts, [
		pair(1, 2, { via: 'built_in', moves: ['estimates', 'models'] }),
		pair(1, 3, { verifiedOn: '2026-07-30' }),
	]);

	it('counts tools by phase and category', () => {
		expect(stats.phases.bars.find((b) => b.label === 'Preconstruction')!.value).toBe(2);
		expect(stats.categories.bars.find((b) => b.label === 'BIM & Design')!.value).toBe(1);
	});

	it('counts a fact over the tools it is documented for, never unknown as no', () => {
		expect(stats.platforms.documented).toBe(2);
		expect(stats.platforms.total).toBe(3);
		expect(stats.platforms.bars.find((b) => b.label === 'Web browser')!.value).toBe(2);
		expect(stats.platforms.bars.find((b) => b.label === 'iPhone (iOS)')!.value).toBe(1);
		expect(stats.completeness.bars.find((b) => b.label === 'Platforms')!.value).toBe(2);
		expect(stats.pricing.documented).toBe(0);
	});

	it('ranks connected tools and counts how connections are made and what they move', () => {
		expect(stats.connected.bars[0]).toEqual({ id: 1, label: 'A', value: 2 });
		expect(stats.via.documented).toBe(1);
		expect(stats.via.bars.find((b) => b.label === 'Built in')!.value).toBe(1);
		expect(stats.moves.bars.find((b) => b.label === 'models')!.value).toBe(1);
	});

	it('counts by month, with the empty months between', () => {
		expect(stats.published).toEqual([
			{ label: '2026-01', value: 1 },
			{ label: '2026-02', value: 0 },
			{ label: '2026-03', value: 1 },
		]);
		expect(stats.factsVerified.map((b) => b.value)).toEqual([2, 0, 1]);
		expect(stats.connectionsVerified.map((b) => b.label)).toEqual([
			'2026-05',
			'2026-06',
			'2026-07',
		]);
		expect(byMonth(['2025-12-31', '2026-01-01'])).toEqual([
			{ label: '2025-12', value: 1 },
			{ label: '2026-01', value: 1 },
		]);
	});
});
