import { describe, expect, it } from 'vitest';
import type { Fact } from '../facts/facts.ts';
import type { FactKey } from '../facts/vocabulary.ts';
import type { CompareTool } from './files.ts';
import { factLayout, shownFact } from './files.server.ts';
import { compareTable, isDifference, type TableSection } from './table.ts';

const read = (
	value: string[],
	url = 'https://vendor.example/pricing',
	verifiedOn = '2026-11-02',
) => ({
	value,
	detail: null,
	sources: [{ url, verifiedOn, value }],
});

function tool(
	id: number,
	facts: Partial<Record<FactKey, Fact>>,
	partners: number[] = [],
): CompareTool {
	return {
		id,
		name: `Tool ${id}`,
		path: `/app/${id}/`,
		category: 'Field Management',
		facts: Object.fromEntries(
			Object.entries(facts).map(([key, fact]) => [key, shownFact(key as FactKey, fact)]),
		),
		partners: partners.map((partner) => [partner, `Partner ${partner}`]),
		integrationsPath: partners.length ? `/integrations/${id}/` : null,
	};
}

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

describe('compareTable', () => {
	it('shows every row in buyer order: category first, integrations after platforms, sources last', () => {
		const sections = compareTable([a, b], factLayout, false);
		expect(sections.map((section) => section.heading)).toEqual([
			'Who it is for',
			'Pricing',
			'Platforms and offline use',
			'Integrations in this directory',
			'Security and integration',
			'The company',
			'Sources',
		]);
		expect(rowNames(sections).slice(0, 4)).toEqual([
			'category',
			'audience',
			'company_size',
			'also_does',
		]);
		expect(rowNames(sections).at(-1)).toBe('sources');
	});

	it('tells same from different whatever the order of the values, and unknown from partly known', () => {
		const rows = compareTable([a, b], factLayout, false).flatMap((section) => section.rows);
		const state = (key: string) =>
			rows.find((row) => row.kind === 'fact' && row.key === key)!.state;
		expect(state('platforms')).toBe('same');
		expect(state('pricing_model')).toBe('differs');
		expect(state('sso')).toBe('partly-unknown');
		expect(state('soc2')).toBe('unknown');
	});

	it('with "differences only", keeps the rows that tell them apart, and the sources', () => {
		const sections = compareTable([a, b], factLayout, true);
		expect(rowNames(sections)).toEqual([
			'pricing_model',
			'partner-count',
			'partners-only',
			'sso',
			'sources',
		]);
		expect(sections.flatMap((s) => s.rows).filter(isDifference)).toHaveLength(4);
	});

	it('splits the partners into those both work with and those only one has', () => {
		const rows = compareTable([a, b], factLayout, false).flatMap((section) => section.rows);
		const shared = rows.find((row) => row.kind === 'partners-shared');
		const only = rows.find((row) => row.kind === 'partners-only');
		expect(shared?.kind === 'partners-shared' && shared.partners).toEqual([[8, 'Partner 8']]);
		expect(only?.kind === 'partners-only' && only.partners).toEqual([
			[
				[7, 'Partner 7'],
				[9, 'Partner 9'],
			],
			[[10, 'Partner 10']],
		]);
	});

	it('lists each page read once per tool, with the last day a fact was checked there', () => {
		const c = tool(3, {
			pricing_model: read(['per_user'], 'https://c.example/pricing', '2026-10-01'),
			free_trial: read(['yes'], 'https://c.example/pricing', '2026-11-20'),
			platforms: read(['web'], 'https://c.example/apps', '2026-09-09'),
		});
		const [sources] = compareTable([c], factLayout, false).at(-1)!.rows;
		expect(sources.kind === 'sources' && sources.pages[0]).toEqual([
			{ url: 'https://c.example/pricing', verifiedOn: '2026-11-20', checked: '20 Nov 2026' },
			{ url: 'https://c.example/apps', verifiedOn: '2026-09-09', checked: '9 Sept 2026' },
		]);
	});
});

describe('shownFact', () => {
	it('words the values as tool pages do, with the detail, and each page read when there are several', () => {
		const fact: Fact = {
			value: ['web', 'ios'],
			detail: null,
			sources: [
				{ url: 'https://v.example/', verifiedOn: '2026-11-02', value: ['web'] },
				{ url: 'https://apps.apple.com/app/v', verifiedOn: '2026-11-03', value: ['ios'] },
			],
		};
		expect(shownFact('platforms', fact)).toEqual({
			value: ['web', 'ios'],
			text: 'Web browser, iPhone (iOS)',
			sources: [
				{
					url: 'https://v.example/',
					verifiedOn: '2026-11-02',
					checked: '2 Nov 2026',
					read: 'Web browser',
				},
				{
					url: 'https://apps.apple.com/app/v',
					verifiedOn: '2026-11-03',
					checked: '3 Nov 2026',
					read: 'iPhone (iOS)',
				},
			],
		});
		const api = shownFact('open_api', { ...read(['yes']), detail: 'https://dev.v.example/docs' });
		expect(api.text).toBe('Yes');
		expect(api.docs).toBe('https://dev.v.example/docs');
	});
});
