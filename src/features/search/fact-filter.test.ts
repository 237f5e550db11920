import { describe, expect, it } from 'vitest';
import {
	cardCategories,
	FACT_FILTERS,
	FILTER_OPTIONS,
	filterTokens,
	toolsByOption,
} from '../facts/fact-filters.ts';
import type { Fact, ToolFacts } from '../facts/facts.ts';
import {
	chosenLabels,
	countOf,
	factFilters,
	noFactValues,
	optionCounts,
	parseTokens,
} from './fact-filter.ts';
import {
	categoryFilter,
	filterCards,
	type IndexedCard,
	nameFilter,
	searchWithValues,
	valuesFromSearch,
} from './filters.ts';
import { searchKey } from './search-rule.ts';

const fact = (...value: string[]): Fact => ({
	value,
	detail: null,
	sources: [
		{
			url: 'https://vendor.example.com/',
			verifiedOn: '2026-11-25',
			value,
			quote: null,
			origin: 'read',
		},
	],
});

/** Four tools as the build knows them; Siteline has no facts documented at all. */
const TOOLS: [string, string, ToolFacts | undefined][] = [
	[
		'Fieldwire',
		'field-management',
		{
			platforms: fact('web', 'ios', 'android'),
			offline: fact('full'),
			pricing_model: fact('per_user'),
			free_version: fact('yes'),
			audience: fact('specialty_contractors', 'general_contractors'),
			soc2: fact('type_2'),
		},
	],
	[
		'Procore',
		'project-management',
		{
			platforms: fact('web', 'ios', 'android'),
			offline: fact('partial'),
			pricing_model: fact('construction_volume'),
			free_trial: fact('no'),
			audience: fact('general_contractors', 'owners_developers'),
			also_does: fact('financials', 'safety-quality'),
		},
	],
	[
		'PlanSwift',
		'estimating',
		{
			platforms: fact('windows'),
			free_trial: fact('yes'),
			starting_price: fact('1749', 'USD', 'seat', 'once'),
		},
	],
	['Siteline', 'financials', undefined],
];

const parsed = new Map<IndexedCard, readonly number[]>();
const optionsOf = (card: IndexedCard) => parsed.get(card)!;
const cards: IndexedCard<string>[] = TOOLS.map(([name, category, facts]) => {
	const card = {
		element: name,
		nameKey: searchKey(name),
		categories: cardCategories(category, facts),
	};
	// As the island reads them: the token string the build writes on the card, parsed.
	parsed.set(card, parseTokens(filterTokens(facts)));
	return card;
});
const facts = factFilters(optionsOf);
const filters = [
	categoryFilter(new Set(['field-management', 'project-management', 'estimating', 'financials'])),
	nameFilter,
	...facts,
];
const names = (values: Record<string, string>) =>
	filterCards(cards, filters, values).matches.map((card) => card.element);

describe('the tokens on a card', () => {
	it('name every option the tool matches, and nothing for an unknown fact', () => {
		const [fieldwire, procore, , siteline] = TOOLS.map(([, , f]) => f);
		expect(filterTokens(fieldwire).split(' ')).toEqual([
			'platform:web',
			'platform:ios',
			'platform:android',
			'offline:full',
			'offline:partial',
			'pricing:per-user',
			'free:version',
			'free:either',
			'for:general-contractors',
			'for:specialty-contractors',
			'soc2:yes',
		]);
		// A free trial documented as "no" is no free trial; unknown is nothing at all.
		expect(filterTokens(procore)).not.toContain('free:');
		expect(filterTokens(siteline)).toBe('');
	});

	it('are read back as options, skipping a token this build does not know', () => {
		const android = FILTER_OPTIONS.findIndex(({ option }) => option.path === '/platform/android/');
		expect(parseTokens('platform:android platform:beos')).toEqual([android]);
		expect(parseTokens('')).toEqual([]);
	});

	it('put the categories a tool also does after its own', () => {
		expect(cards[1]!.categories).toEqual(['project-management', 'financials', 'safety-quality']);
		expect(cardCategories('financials', { also_does: fact('financials', 'workforce') })).toEqual([
			'financials',
			'workforce',
		]);
	});
});

describe('the fact filters', () => {
	it('keep the tools whose fact has the value, with AND across groups and the other filters', () => {
		expect(names({ platform: 'android' })).toEqual(['Fieldwire', 'Procore']);
		expect(names({ platform: 'android', offline: 'full' })).toEqual(['Fieldwire']);
		expect(names({ offline: 'partial' })).toEqual(['Fieldwire', 'Procore']);
		expect(names({ free: 'either' })).toEqual(['Fieldwire', 'PlanSwift']);
		expect(names({ price: 'published' })).toEqual(['PlanSwift']);
		expect(names({ for: 'general-contractors', q: 'pro' })).toEqual(['Procore']);
		expect(names({ category: 'financials', platform: 'web' })).toEqual(['Procore']);
	});

	it('never keep a tool whose fact is not documented', () => {
		for (const { group, option } of FILTER_OPTIONS)
			expect(names({ [group.param]: option.value })).not.toContain('Siteline');
	});

	it('read only the values a group offers, and live in the address with the others', () => {
		expect(valuesFromSearch('?platform=android&for=nobody&q=x', filters)).toMatchObject({
			platform: 'android',
			for: '',
			q: 'x',
		});
		const values = { category: 'estimating', q: 'plan', platform: 'windows', free: 'trial' };
		const search = searchWithValues('?utm_source=x', filters, values);
		expect(search).toBe('?category=estimating&q=plan&platform=windows&free=trial&utm_source=x');
		expect(valuesFromSearch(search, filters)).toMatchObject(values);
		expect(searchWithValues(search, filters, { ...values, ...noFactValues() })).toBe(
			'?category=estimating&q=plan&utm_source=x',
		);
	});

	it('say which options are chosen, in group order', () => {
		expect(chosenLabels({ free: 'version', platform: 'android', for: 'nobody' })).toEqual([
			'Android',
			'Free version',
		]);
	});
});

describe('the count of each option', () => {
	const group = (param: string) => FACT_FILTERS.find((g) => g.param === param)!;
	const count = (values: Record<string, string>, param: string, value: string) =>
		countOf(optionCounts(cards, filters, values, optionsOf), group(param), value);

	it('is what choosing the option would show, under the other filters', () => {
		expect(count({}, 'platform', 'android')).toBe(2);
		expect(count({}, 'platform', 'windows')).toBe(1);
		expect(count({ q: 'pro' }, 'platform', 'android')).toBe(1);
		expect(count({ category: 'estimating' }, 'platform', 'android')).toBe(0);
		expect(count({ offline: 'full' }, 'for', 'general-contractors')).toBe(1);
	});

	it('counts within its own group as if the group’s choice were another', () => {
		// Android is chosen: Windows still counts the tools a switch to Windows would show.
		expect(count({ platform: 'android' }, 'platform', 'windows')).toBe(1);
		expect(count({ platform: 'android' }, 'platform', 'android')).toBe(2);
		expect(count({ platform: 'windows', free: 'trial' }, 'platform', 'android')).toBe(0);
		expect(count({ platform: 'windows', free: 'trial' }, 'free', 'either')).toBe(1);
	});

	it('matches a brute-force count for every option and a mix of choices', () => {
		const choices: Record<string, string>[] = [
			{},
			{ platform: 'android' },
			{ platform: 'web', for: 'general-contractors' },
		];
		for (const values of choices)
			for (const { group: g, option } of FILTER_OPTIONS)
				expect(count(values, g.param, option.value)).toBe(
					names({ ...values, [g.param]: option.value }).length,
				);
	});
});

describe('the filter pages’ lists', () => {
	it('hold each option’s tools in the order given, empty options included', () => {
		const tools = TOOLS.map(([name], id) => ({ id, name }));
		const factsById = new Map(TOOLS.flatMap(([, , f], id) => (f ? [[id, f]] : [])));
		const lists = toolsByOption(tools, factsById);
		expect(lists).toHaveLength(FILTER_OPTIONS.length);
		const of = (path: string) =>
			lists.find((l) => l.option.path === path)!.tools.map((t) => t.name);
		expect(of('/platform/android/')).toEqual(['Fieldwire', 'Procore']);
		expect(of('/features/soc-2/')).toEqual(['Fieldwire']);
		expect(of('/size/enterprise/')).toEqual([]);
	});
});
