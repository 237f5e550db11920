import { describe, expect, it } from 'vitest';
import type { Fact } from '../facts/facts.ts';
import type { FactKey } from '../facts/vocabulary.ts';
import { type CompareTool, PARTNERS_NAMED } from './files.ts';
import { factLayout, filePartners, shownFact } from './files.server.ts';
import { CATEGORY_CAPABILITIES } from '../facts/capabilities.ts';
import { toGaps } from './partner-ids.ts';
import {
	capabilityLayout,
	compareModel,
	deservesAPage,
	isDifference,
	type TableSection,
} from './model.ts';

const read = (
	value: string[],
	url = 'https://vendor.example/pricing',
	verifiedOn = '2026-11-02',
) => ({
	value,
	detail: null,
	sources: [{ url, verifiedOn, value, quote: null, origin: 'read' as const }],
});

function tool(
	id: number,
	facts: Partial<Record<FactKey, Fact>>,
	partners: number[] = [],
	category: 'field-management' | 'estimating' = 'field-management',
): CompareTool {
	return {
		id,
		name: `Tool ${id}`,
		categorySlug: category,
		facts: Object.fromEntries(
			Object.entries(facts).map(([key, fact]) => [key, shownFact(key as FactKey, fact)]),
		),
		partners: partners.map((partner) => [partner, `Partner ${partner}`]),
	};
}

const integrationRows = (tools: CompareTool[]) =>
	new Map(
		compareModel(tools, factLayout, false)
			.sections.flatMap((section) => section.rows)
			.map((row) => [row.kind, row]),
	);

const rowNames = (sections: TableSection[]) =>
	sections.flatMap((section) =>
		section.rows.map((row) => (row.kind === 'fact' ? row.key : row.kind)),
	);

const a = tool(
	1,
	{ platforms: read(['web', 'ios']), pricing_model: read(['per_user']) },
	[7, 8, 9],
);
const b = tool(
	2,
	{ platforms: read(['ios', 'web']), pricing_model: read(['per_project']), sso: read(['yes']) },
	[8, 10],
);

describe('compareModel', () => {
	it('shows every row in buyer order: category first, integrations after platforms, sources last', () => {
		const { sections } = compareModel([a, b], factLayout, false);
		expect(sections.map((section) => section.heading)).toEqual([
			'Who it is for',
			'Pricing',
			'Platforms and offline use',
			'Integrations in this directory',
			'Security and integration',
			// 'The company': no fact of it documented for either tool, so no section.
			'Sources',
		]);
		// Only what some tool documents is a row (see the fold below).
		expect(rowNames(sections).slice(0, 3)).toEqual(['category', 'pricing_model', 'platforms']);
		expect(rowNames(sections).at(-1)).toBe('sources');
	});

	it('tells same from different whatever the order of the values; an unknown is never a difference', () => {
		const { sections, differing } = compareModel([a, b], factLayout, false);
		const rows = sections.flatMap((section) => section.rows);
		const state = (key: string) =>
			rows.find((row) => row.kind === 'fact' && row.key === key)?.state;
		expect(state('platforms')).toBe('same');
		expect(state('pricing_model')).toBe('differs');
		expect(state('sso')).toBe('partly-unknown');
		expect(
			rows.filter((row) => row.state === 'partly-unknown').every((row) => !isDifference(row)),
		).toBe(true);
		expect(differing).toEqual(['Pricing model']);
	});

	it('folds the facts no tool documents into one line instead of rows', () => {
		const { sections, unknownForAll } = compareModel([a, b], factLayout, false);
		expect(rowNames(sections)).not.toContain('soc2');
		expect(unknownForAll.map(({ key }) => key)).toEqual([
			...CATEGORY_CAPABILITIES['field-management'],
			'audience',
			'company_size',
			'also_does',
			'starting_price',
			'free_version',
			'free_trial',
			'offline',
			'open_api',
			'soc2',
			'vendor',
			'hq_country',
			'founded',
		]);
	});

	it('leads with what the tools can do: their shared category first, a documented difference kept', () => {
		const takeoff = (id: number, assemblies: 'yes' | 'no', partners: number[] = []) =>
			tool(
				id,
				{ takeoff_2d: read(['yes']), assemblies: read([assemblies]), gantt: read(['yes']) },
				partners,
				'estimating',
			);
		const [x, y] = [takeoff(3, 'yes'), takeoff(4, 'no')];
		const { sections, differing } = compareModel([x, y, a], factLayout, false);
		// The field tool's capabilities are all unknown: folded, no section.
		expect(sections.map((section) => section.heading).slice(0, 3)).toEqual([
			'What it does: Estimating & Takeoff',
			'Who it is for',
			'Pricing',
		]);
		// Categories as many tools share: the first tool's first.
		expect(
			capabilityLayout([a, x], factLayout.capabilities).map((section) => section.heading),
		).toEqual(['What it does: Field Management', 'What it does: Estimating & Takeoff']);
		expect(rowNames(sections).slice(0, 2)).toEqual(['takeoff_2d', 'assemblies']);
		// A capability no tool of the comparison documents folds; a scheduling one is not a row.
		expect(rowNames(sections)).not.toContain('gantt');
		const only = compareModel([x, y], factLayout, true);
		expect(rowNames(only.sections)).toEqual(['assemblies', 'sources']);
		expect(differing).not.toContain('Assemblies'); // a's is unknown: never a difference
	});

	it('with "differences only", keeps the rows that differ, and the sources', () => {
		const { sections } = compareModel([a, b], factLayout, true);
		expect(rowNames(sections)).toEqual([
			'pricing_model',
			'partner-count',
			'partners-only',
			'sources',
		]);
		expect(sections.flatMap((s) => s.rows).filter(isDifference)).toHaveLength(3);
	});

	it('splits the partners into those both work with and those only one has', () => {
		const rows = integrationRows([a, b]);
		expect(rows.get('partner-count')).toMatchObject({ counts: [3, 2], state: 'differs' });
		expect(rows.get('partners-shared')).toMatchObject({
			partners: { count: 1, named: [[8, 'Partner 8']] },
		});
		expect(rows.get('partners-only')).toMatchObject({
			partners: [
				{
					count: 2,
					named: [
						[7, 'Partner 7'],
						[9, 'Partner 9'],
					],
				},
				{ count: 1, named: [[10, 'Partner 10']] },
			],
		});
	});

	it('counts every partner of a hub, and names the first ones its file names', () => {
		// Hubs name their first partners in name order and give the rest as ids (files.ts).
		const hub = (id: number, named: number[], more: number[]): CompareTool => ({
			...tool(id, {}, named),
			morePartners: toGaps(more),
		});
		// Name order is id order here. Partner 5 is shared and named by the second hub only; 30
		// and 31 are shared and named by neither.
		const x = hub(1, [2, 3, 4], [5, 30, 31, 40, 41]);
		const y = hub(2, [5, 6], [30, 31, 50]);
		const rows = integrationRows([x, y]);
		expect(rows.get('partner-count')).toMatchObject({ counts: [8, 5], state: 'differs' });
		expect(rows.get('partners-shared')).toMatchObject({
			partners: { count: 3, named: [[5, 'Partner 5']] },
		});
		expect(rows.get('partners-only')).toMatchObject({
			partners: [
				{
					count: 5,
					named: [
						[2, 'Partner 2'],
						[3, 'Partner 3'],
						[4, 'Partner 4'],
					],
				},
				{ count: 2, named: [[6, 'Partner 6']] },
			],
		});
	});

	it('counts exactly from files that give partners with no other partner as a count', () => {
		// A directory: hubs 1, 2 and 3, tools 10-59 around them. Names sort by id downwards, so a
		// hub's first 12 partners by name hold some with no other partner (29 and 28 for hub 1).
		const pairs: [number, number][] = [[1, 2]];
		const link = (hub: number, from: number, to: number) => {
			for (let id = from; id <= to; id++) pairs.push([hub, id]);
		};
		link(1, 10, 39); // 11-29: hub 1's alone
		link(2, 30, 49); // 30-39 shared with hub 1; 40-44: hub 2's alone
		link(3, 45, 59); // 45-49 shared with hub 2; 50-59: hub 3's alone
		pairs.push([3, 10]);
		const partners = new Map<number, number[]>();
		for (const [x, y] of pairs) {
			partners.set(x, [...(partners.get(x) ?? []), y]);
			partners.set(y, [...(partners.get(y) ?? []), x]);
		}
		const inNameOrder = (ids: readonly number[]) => [...ids].sort((x, y) => y - x);
		const file = (id: number): CompareTool => ({
			...tool(id, {}, []),
			...filePartners(
				inNameOrder(partners.get(id)!),
				(partner) => `Partner ${partner}`,
				(partner) => partners.get(partner)!.length,
			),
		});
		expect(file(1).onlyPartnerOf).toBe(17); // 27 down to 11
		for (const ids of [
			[1, 2],
			[1, 2, 3],
			[3, 2, 1],
			[1, 11],
			[2, 3],
			[1, 3],
		]) {
			const rows = integrationRows(ids.map(file));
			const lists = ids.map((id) => partners.get(id)!);
			const only = lists.map((list, at) =>
				inNameOrder(list.filter((p) => lists.every((other, o) => o === at || !other.includes(p)))),
			);
			expect(rows.get('partner-count')).toMatchObject({ counts: lists.map((l) => l.length) });
			expect(rows.get('partners-shared')).toMatchObject({
				partners: { count: lists[0].filter((p) => lists.every((l) => l.includes(p))).length },
			});
			// Each cell names the first of its list that the tool's file names, in name order.
			const row = rows.get('partners-only');
			expect(row?.kind === 'partners-only' && row.partners).toMatchObject(
				only.map((list, at) => ({
					count: list.length,
					named: list
						.filter((p) => inNameOrder(lists[at]).indexOf(p) < PARTNERS_NAMED)
						.map((p) => [p, `Partner ${p}`]),
				})),
			);
		}
	});

	it('lists each page read once per tool, with the last day a fact was checked there', () => {
		const c = tool(3, {
			pricing_model: read(['per_user'], 'https://c.example/pricing', '2026-10-01'),
			free_trial: read(['yes'], 'https://c.example/pricing', '2026-11-20'),
			platforms: read(['web'], 'https://c.example/apps', '2026-09-09'),
		});
		const [sources] = compareModel([c], factLayout, false).sections.at(-1)!.rows;
		expect(sources.kind === 'sources' && sources.pages[0]).toEqual([
			{
				url: 'https://c.example/pricing',
				verifiedOn: '2026-11-20',
				facts: ['pricing model', 'free trial'],
				byVendor: false,
			},
			{
				url: 'https://c.example/apps',
				verifiedOn: '2026-09-09',
				facts: ['platforms'],
				byVendor: false,
			},
		]);
	});
});

describe('shownFact', () => {
	it('words the values in the vocabulary’s order, and each page read when there are several', () => {
		const fact: Fact = {
			value: ['ios', 'web'],
			detail: null,
			sources: [
				{
					url: 'https://apps.apple.com/app/v',
					verifiedOn: '2026-11-03',
					value: ['ios'],
					quote: null,
					origin: 'read',
				},
				{
					url: 'https://v.example/',
					verifiedOn: '2026-11-02',
					value: ['web'],
					quote: null,
					origin: 'read',
				},
			],
		};
		expect(shownFact('platforms', fact)).toEqual({
			text: 'Web browser, iPhone (iOS)',
			sources: [
				{ url: 'https://apps.apple.com/app/v', on: '2026-11-03', read: 'iPhone (iOS)' },
				{ url: 'https://v.example/', on: '2026-11-02', read: 'Web browser' },
			],
		});
		expect(shownFact('free_trial', { ...read(['yes']), detail: '14 days' })).toEqual({
			text: 'Yes (14 days)',
			sources: [{ url: 'https://vendor.example/pricing', on: '2026-11-02' }],
		});
	});

	it('carries the quote, and marks what the vendor stated', () => {
		const stated: Fact = {
			value: ['per_project'],
			detail: null,
			sources: [
				{
					url: 'https://v.example/pricing',
					verifiedOn: '2026-11-20',
					value: ['per_project'],
					quote: 'Priced per project.',
					origin: 'vendor',
				},
			],
		};
		expect(shownFact('pricing_model', stated).sources).toEqual([
			{
				url: 'https://v.example/pricing',
				on: '2026-11-20',
				quote: 'Priced per project.',
				byVendor: true,
			},
		]);
		const [sources] = compareModel(
			[tool(4, { pricing_model: stated })],
			factLayout,
			false,
		).sections.at(-1)!.rows;
		expect(sources.kind === 'sources' && sources.pages[0][0].byVendor).toBe(true);
	});

	it('keeps an open API’s documentation apart, and compared: another address is another fact', () => {
		const api = (docs: string) => shownFact('open_api', { ...read(['yes']), detail: docs });
		expect(api('https://dev.v.example/docs')).toMatchObject({
			text: 'Yes',
			docs: 'https://dev.v.example/docs',
		});
		const x = tool(1, {});
		const rows = compareModel(
			[
				{ ...x, facts: { open_api: api('https://dev.a.example/') } },
				{ ...x, id: 2, facts: { open_api: api('https://dev.b.example/') } },
			],
			factLayout,
			false,
		).sections.flatMap((section) => section.rows);
		expect(rows.find((row) => row.kind === 'fact' && row.key === 'open_api')?.state).toBe(
			'differs',
		);
	});
});

describe('a capability compared', () => {
	it('is the same for two tools that both do it, whatever conditions one vendor adds', () => {
		const withNote = {
			value: ['yes'],
			detail: 'Area, linear and count',
			sources: read(['yes']).sources,
		};
		const x = tool(1, { takeoff_2d: withNote }, [], 'estimating');
		const y = tool(2, { takeoff_2d: read(['yes']) }, [], 'estimating');
		const row = compareModel([x, y], factLayout, false)
			.sections.flatMap((section) => section.rows)
			.find((r) => r.kind === 'fact' && r.key === 'takeoff_2d')!;
		expect(row.state).toBe('same');
		expect(x.facts.takeoff_2d).toMatchObject({ text: 'Yes', note: 'Area, linear and count' });
	});
});

describe('deservesAPage', () => {
	const page = (x: CompareTool, y: CompareTool) =>
		deservesAPage(compareModel([x, y], factLayout, false), 2);
	const three = {
		platforms: read(['web']),
		audience: read(['general_contractors']),
		vendor: read(['Acme']),
	};
	it('needs three documented rows on each side, or a row that differs', () => {
		expect(page(tool(1, three), tool(2, { ...three, vendor: read(['Other']) }))).toBe(true);
		expect(page(tool(1, three), tool(2, three))).toBe(true);
		// Two facts each, the same: two columns of mostly "not documented yet".
		const two = { platforms: read(['web']), audience: read(['general_contractors']) };
		expect(page(tool(1, two), tool(2, two))).toBe(false);
		expect(page(tool(1, {}), tool(2, {}))).toBe(false);
		expect(page(tool(1, three), tool(2, {}))).toBe(false);
		// One fact each, documented for both and different: a buyer learns something.
		expect(
			page(tool(1, { platforms: read(['web']) }), tool(2, { platforms: read(['windows']) })),
		).toBe(true);
		// Known for one only is never a difference.
		expect(
			page(tool(1, { platforms: read(['web']) }), tool(2, { audience: read(['residential']) })),
		).toBe(false);
		// A capability of another category than theirs is no row of their comparison.
		const gantt = { ...two, gantt: read(['yes']) };
		expect(page(tool(1, gantt), tool(2, gantt))).toBe(false);
	});
});
