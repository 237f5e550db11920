/**
 * The home page's fact filters, written once: each group's address parameter, its options,
 * which tools an option keeps, and the pre-rendered page that lists them (the no-JavaScript
 * way to the same list). A tool whose fact is unknown never matches: unknown is not "no".
 */
import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import type { ToolFacts } from './facts.ts';
import { AUDIENCES, COMPANY_SIZES, PLATFORMS, PRICING_MODELS } from './vocabulary.ts';

export interface FilterOption {
	/** The value in the address (`?platform=android`). */
	value: string;
	label: string;
	/** The pre-rendered page listing the tools this option keeps. */
	path: string;
	/** The heading of that page ("Android apps for construction"). */
	title: string;
	matches(facts: ToolFacts | undefined): boolean;
	/** The fact and vocabulary value it keeps, when it keeps one (`platforms`, `android`). */
	fact?: { key: keyof ToolFacts; value: string };
}

export interface FilterGroup {
	/** The address parameter, also the group's id in the page. */
	param: string;
	label: string;
	options: FilterOption[];
}

const slug = (value: string) => value.replaceAll('_', '-');
const has = (facts: ToolFacts | undefined, key: keyof ToolFacts, value: string) =>
	facts?.[key]?.value.includes(value) ?? false;

function vocabularyGroup(
	param: string,
	label: string,
	key: keyof ToolFacts,
	values: Record<string, string>,
	pathOf: (slug: string) => string,
	titleOf: (label: string) => string,
): FilterGroup {
	return {
		param,
		label,
		options: Object.entries(values).map(([value, valueLabel]) => ({
			value: slug(value),
			label: valueLabel,
			path: pathOf(slug(value)),
			title: titleOf(valueLabel),
			matches: (facts) => has(facts, key, value),
			fact: { key, value },
		})),
	};
}

const yes = (key: keyof ToolFacts) => (facts: ToolFacts | undefined) =>
	facts?.[key]?.value[0] === 'yes';

export const FACT_FILTERS: FilterGroup[] = [
	vocabularyGroup(
		'platform',
		'Platform',
		'platforms',
		PLATFORMS,
		(value) => `/platform/${value}/`,
		(label) => `Construction software for ${label}`,
	),
	{
		param: 'offline',
		label: 'Offline use',
		options: [
			{
				value: 'full',
				label: 'Works offline',
				path: '/offline/full/',
				title: 'Construction apps that work offline',
				matches: (facts) => has(facts, 'offline', 'full'),
			},
			{
				value: 'partial',
				label: 'At least partly offline',
				path: '/offline/partial/',
				title: 'Construction apps that work at least partly offline',
				matches: (facts) => has(facts, 'offline', 'full') || has(facts, 'offline', 'partial'),
			},
		],
	},
	vocabularyGroup(
		'pricing',
		'Pricing model',
		'pricing_model',
		PRICING_MODELS,
		(value) => `/pricing/${value}/`,
		(label) => `Construction software priced ${label.toLowerCase()}`,
	),
	{
		param: 'free',
		label: 'Free version or trial',
		options: [
			{
				value: 'version',
				label: 'Free version',
				path: '/pricing/free-version/',
				title: 'Construction software with a free version',
				matches: yes('free_version'),
			},
			{
				value: 'trial',
				label: 'Free trial',
				path: '/pricing/free-trial/',
				title: 'Construction software with a free trial',
				matches: yes('free_trial'),
			},
			{
				value: 'either',
				label: 'Free version or trial',
				path: '/pricing/free-version-or-trial/',
				title: 'Construction software you can try for free',
				matches: (facts) => yes('free_version')(facts) || yes('free_trial')(facts),
			},
		],
	},
	{
		param: 'price',
		label: 'Published price',
		options: [
			{
				value: 'published',
				label: 'Price published',
				path: '/pricing/published-price/',
				title: 'Construction software with a published price',
				matches: (facts) => Boolean(facts?.starting_price),
			},
		],
	},
	vocabularyGroup(
		'for',
		'Built for',
		'audience',
		AUDIENCES,
		(value) => `/for/${value}/`,
		(label) => `Construction software for ${label.toLowerCase()}`,
	),
	vocabularyGroup(
		'size',
		'Company size',
		'company_size',
		COMPANY_SIZES,
		(value) => `/size/${value}/`,
		(label) => `Construction software for companies: ${label.toLowerCase()}`,
	),
	{
		param: 'api',
		label: 'Open API',
		options: [
			{
				value: 'open',
				label: 'Open API',
				path: '/features/open-api/',
				title: 'Construction software with an open API',
				matches: yes('open_api'),
			},
		],
	},
	{
		param: 'soc2',
		label: 'SOC 2',
		options: [
			{
				value: 'yes',
				label: 'SOC 2 report',
				path: '/features/soc-2/',
				title: 'Construction software with a SOC 2 report',
				matches: (facts) => Boolean(facts?.soc2),
			},
		],
	},
];

/** Every option with its group, for the filter pages and the sitemap. */
export const FILTER_OPTIONS = FACT_FILTERS.flatMap((group) =>
	group.options.map((option) => ({ group, option })),
);

/**
 * Each tool's matching options as a compact string for its card (`data-f="platform:android …"`),
 * the whole of what the search island needs to filter: no facts are serialised twice.
 */
export function filterTokens(facts: ToolFacts | undefined): string {
	return FILTER_OPTIONS.filter(({ option }) => option.matches(facts))
		.map(({ group, option }) => `${group.param}:${option.value}`)
		.join(' ');
}

/**
 * A tool's category, then the categories it also does (documented), each once: the categories
 * whose page and home filter list it.
 */
export function cardCategories(category: string, facts: ToolFacts | undefined): string[] {
	const also = facts?.also_does?.value ?? [];
	// In the taxonomy's order, whatever order the table gave a fact read on several pages.
	return [category, ...CATEGORY_SLUGS.filter((slug) => slug !== category && also.includes(slug))];
}

/** Every option with the tools it keeps, in the order given (a page's, the name order). */
export function toolsByOption<T extends { id: number }>(
	tools: readonly T[],
	facts: ReadonlyMap<number, ToolFacts>,
) {
	return FILTER_OPTIONS.map(({ group, option }) => ({
		group,
		option,
		tools: tools.filter((tool) => option.matches(facts.get(tool.id))),
	}));
}

/** The page of each vocabulary value that has one, keyed `fact:value` (`platforms:android`). */
export const VALUE_PAGES: ReadonlyMap<string, string> = new Map(
	FILTER_OPTIONS.flatMap(({ option: { fact, path } }) =>
		fact ? [[`${fact.key}:${fact.value}`, path] as const] : [],
	),
);
