import { describe, expect, it } from 'vitest';
import { parseIntegrations, partnersByTool, rankHubs, retiredByTool } from './graph.ts';
import { worksWithIndex } from './works-with.ts';
import { integrationKey, toolIdFromKey } from './key.ts';

const row = (low: number, high: number, extra: Record<string, unknown> = {}) => ({
	id: low * 100 + high,
	tool_low_id: low,
	tool_high_id: high,
	kind: 'native',
	note: null,
	source_url: 'https://vendor.example.com/integrations',
	verified_on: '2026-11-25',
	...extra,
});

describe('parseIntegrations', () => {
	it('keeps pairs between shown tools and drops, with a warning, rows it cannot render', () => {
		const warnings: string[] = [];
		const parsed = parseIntegrations(
			[
				row(1, 2, { note: '  syncs RFIs  ' }),
				row(1, 3, { source_url: 'javascript:alert(1)' }),
				row(2, 3, { kind: 'telepathy' }),
				row(3, 2),
				row(1, 9), // tool 9 is not shown (unpublished or left out)
				row(2, 4, { verified_on: null }),
			],
			new Set([1, 2, 3]),
			(message) => warnings.push(message),
		);
		expect(parsed).toEqual([
			{
				lowId: 1,
				highId: 2,
				kind: 'native',
				note: 'syncs RFIs',
				sourceUrl: 'https://vendor.example.com/integrations',
				direction: null,
				moves: null,
				via: null,
				viaService: null,
				status: null,
				verifiedOn: '2026-11-25',
			},
		]);
		expect(warnings).toHaveLength(4);
		expect(warnings.join('\n')).toMatch(/id=204: no day its source was read/);
		expect(warnings.join('\n')).toMatch(/id=103: a source that is not an http\(s\) URL/);
	});
});

describe('connection details', () => {
	it('reads what the source says, in vocabulary order, and unknown words as not documented', () => {
		const warnings: string[] = [];
		const [said, odd] = parseIntegrations(
			[
				row(1, 2, {
					direction: 'high_to_low',
					moves: ['rfis', 'budgets', 'projects'],
					via: 'middleware',
					via_service: ' Agave ',
					status: 'beta',
					verified_on: new Date('2026-10-01T00:00:00Z'),
				}),
				row(1, 3, { direction: 'sideways', moves: ['issues', 'rfis'], via: 'middleware' }),
			],
			new Set([1, 2, 3]),
			(message) => warnings.push(message),
		);
		expect(said).toMatchObject({
			direction: 'high_to_low',
			moves: ['projects', 'budgets', 'rfis'],
			via: 'middleware',
			viaService: 'Agave',
			status: 'beta',
			verifiedOn: '2026-10-01',
		});
		expect(odd).toMatchObject({ direction: null, moves: ['rfis'], via: null, viaService: null });
		expect(warnings).toHaveLength(3);
	});

	it('gives each side its own flow: the sender sends, the receiver receives', () => {
		const pairs = parseIntegrations(
			[
				row(1, 2, { direction: 'low_to_high' }),
				row(1, 3, { direction: 'high_to_low' }),
				row(2, 3, { direction: 'both' }),
				row(3, 4),
			],
			new Set([1, 2, 3, 4]),
		);
		const partners = partnersByTool(pairs);
		const flows = (id: number) => partners.get(id)!.map((p) => [p.id, p.flow]);
		expect(flows(1)).toEqual([
			[2, 'out'],
			[3, 'in'],
		]);
		expect(flows(2)).toEqual([
			[1, 'in'],
			[3, 'both'],
		]);
		expect(flows(3)).toEqual([
			[1, 'out'],
			[2, 'both'],
			[4, null],
		]);
	});

	it('a retired connection is shown apart and never counts as a partner', () => {
		const pairs = parseIntegrations(
			[row(1, 2), row(1, 3, { status: 'retired' }), row(3, 4, { status: 'deprecated' })],
			new Set([1, 2, 3, 4]),
		);
		const partners = partnersByTool(pairs);
		expect(partners.get(1)!.map((p) => p.id)).toEqual([2]);
		expect(partners.get(3)!.map((p) => p.id)).toEqual([4]);
		expect(
			retiredByTool(pairs)
				.get(3)!
				.map((p) => [p.id, p.status]),
		).toEqual([[1, 'retired']]);
		expect(rankHubs([1, 2, 3, 4], partners)).toEqual([
			{ id: 1, partners: 1 },
			{ id: 2, partners: 1 },
			{ id: 3, partners: 1 },
			{ id: 4, partners: 1 },
		]);
		const index = worksWithIndex(
			[1, 2, 3, 4].map((id) => ({ id, name: `Tool ${id}` })),
			pairs,
		);
		expect(index.partnerIds.get(1)).toEqual([2]);
	});
});

describe('partners and hubs', () => {
	const pairs = parseIntegrations(
		[row(1, 2), row(1, 3), row(1, 4), row(2, 3), row(5, 6)],
		new Set([1, 2, 3, 4, 5, 6, 7]),
	);

	it('shows every pair from both sides', () => {
		const partners = partnersByTool(pairs);
		expect(partners.get(1)!.map((p) => p.id)).toEqual([2, 3, 4]);
		expect(partners.get(3)!.map((p) => p.id)).toEqual([1, 2]);
		expect(partners.get(6)!.map((p) => p.id)).toEqual([5]);
		expect(partners.has(7)).toBe(false);
	});

	it('ranks tools by number of partners, ties in catalogue order, unconnected tools left out', () => {
		const partners = partnersByTool(pairs);
		// Catalogue (name) order: 6 before 5, 3 before 2.
		const hubs = rankHubs([7, 6, 5, 4, 3, 2, 1], partners);
		expect(hubs).toEqual([
			{ id: 1, partners: 3 },
			{ id: 3, partners: 2 },
			{ id: 2, partners: 2 },
			{ id: 6, partners: 1 },
			{ id: 5, partners: 1 },
			{ id: 4, partners: 1 },
		]);
	});

	it('gives the home filter its choices, keys and partner ids', () => {
		const tools = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `Tool ${id}` }));
		const index = worksWithIndex(tools, pairs);
		expect(index.hubs[0]).toEqual({ key: '1', id: 1, name: 'Tool 1', partners: 3 });
		expect(index.hubs.map((hub) => hub.id)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(index.partnerIds.get(2)).toEqual([1, 3]);
		expect(index.partnerIds.get(7)).toBeUndefined();
	});

	it('keys a tool by its id, and reads back only well-formed keys', () => {
		expect(integrationKey(42)).toBe('42');
		expect(toolIdFromKey('42')).toBe(42);
		for (const bad of ['', '0', '-1', '4.2', '042', 'procore', '1e3'])
			expect(toolIdFromKey(bad)).toBeNull();
	});
});
