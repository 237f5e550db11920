/**
 * The facts a buyer compares tools on, each from a fixed vocabulary. The database enforces
 * the same values (`public.tool_fact_valid` in 20261125000000_tool_facts.sql;
 * tests/store/facts.test.ts holds the two equal); this file gives them their labels, their
 * order on a page and the buyer order of the compare table.
 */
import { CATEGORY_SLUGS, type CategorySlug } from '../../lib/categories.ts';
import {
	CAPABILITIES,
	CAPABILITY_KEYS,
	CAPABILITY_VALUES,
	CATEGORY_CAPABILITIES,
	type CapabilityKey,
} from './capabilities.ts';

export const PLATFORMS = {
	web: 'Web browser',
	ios: 'iPhone (iOS)',
	ipados: 'iPad (iPadOS)',
	android: 'Android',
	windows: 'Windows desktop',
	macos: 'macOS desktop',
	on_premises: 'On-premises server',
} as const;

export const OFFLINE = {
	full: 'Works offline',
	partial: 'Partly offline',
	none: 'Needs a connection',
} as const;

export const PRICING_MODELS = {
	per_user: 'Per user',
	per_active_user: 'Per active user',
	unlimited_users: 'Unlimited users (flat)',
	per_project: 'Per project',
	construction_volume: 'By construction volume',
	by_module: 'By module',
	perpetual: 'Perpetual licence',
	quote_only: 'Quote only',
} as const;

export const AUDIENCES = {
	general_contractors: 'General contractors',
	specialty_contractors: 'Specialty (trade) contractors',
	owners_developers: 'Owners and developers',
	residential: 'Residential builders and remodelers',
	heavy_civil: 'Heavy civil',
	architects_engineers: 'Architects and engineers',
} as const;

export const COMPANY_SIZES = {
	small: 'Small (up to 50 employees)',
	mid: 'Mid-size (51-1,000)',
	enterprise: 'Enterprise (over 1,000)',
} as const;

export const SOC2 = { type_1: 'SOC 2 Type I', type_2: 'SOC 2 Type II' } as const;
export const YES_NO = { yes: 'Yes', no: 'No' } as const;

export const PRICE_UNITS = ['user', 'account', 'project', 'device', 'seat'] as const;
export const PRICE_PERIODS = { month: 'a month', year: 'a year', once: 'once' } as const;
/** ISO 4217 codes a vendor in the catalogue prices in; the database holds the same list. */
export const CURRENCIES = [
	'USD',
	'EUR',
	'GBP',
	'AUD',
	'CAD',
	'NZD',
	'CHF',
	'SEK',
	'NOK',
	'DKK',
	'JPY',
	'SGD',
	'INR',
	'ZAR',
	'AED',
] as const;

/** The facts every tool has a row for, whatever its category. */
export type CommonFactKey =
	| 'vendor'
	| 'hq_country'
	| 'founded'
	| 'platforms'
	| 'offline'
	| 'pricing_model'
	| 'starting_price'
	| 'free_version'
	| 'free_trial'
	| 'audience'
	| 'company_size'
	| 'open_api'
	| 'soc2'
	| 'sso'
	| 'also_does';

/** Every fact: the common ones, and what a tool can do (capabilities.ts). */
export type FactKey = CommonFactKey | CapabilityKey;

/** How many values a fact holds, and which. `text` facts are checked by shape only. */
export type FactShape =
	| { kind: 'set'; values: Record<string, string>; max?: number }
	| { kind: 'one'; values: Record<string, string> }
	| { kind: 'text' }
	| { kind: 'country' }
	| { kind: 'year' }
	| { kind: 'price' };

export interface FactDefinition {
	label: string;
	shape: FactShape;
	/** What `detail` holds, when the fact has one (a free version's limit, the API docs). */
	detail?: 'text' | 'url';
	/** A capability: a row only for the tools of its categories (capabilities.ts). */
	capability?: true;
}

const categoryLabels = Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, slug]));

/** The common facts, in the order a tool page's "At a glance" table shows them. */
const COMMON_FACTS: Record<CommonFactKey, FactDefinition> = {
	audience: { label: 'Built for', shape: { kind: 'set', values: AUDIENCES } },
	company_size: { label: 'Company size', shape: { kind: 'set', values: COMPANY_SIZES } },
	pricing_model: { label: 'Pricing model', shape: { kind: 'set', values: PRICING_MODELS } },
	starting_price: { label: 'Starting price', shape: { kind: 'price' }, detail: 'text' },
	free_version: { label: 'Free version', shape: { kind: 'one', values: YES_NO }, detail: 'text' },
	free_trial: { label: 'Free trial', shape: { kind: 'one', values: YES_NO }, detail: 'text' },
	platforms: { label: 'Platforms', shape: { kind: 'set', values: PLATFORMS } },
	offline: { label: 'Offline field use', shape: { kind: 'one', values: OFFLINE } },
	open_api: { label: 'Open API', shape: { kind: 'one', values: YES_NO }, detail: 'url' },
	soc2: { label: 'SOC 2', shape: { kind: 'one', values: SOC2 } },
	sso: {
		// A non-breaking hyphen: a table's label column never breaks "sign-on" (record 0024).
		label: 'Single sign\u2011on',
		shape: { kind: 'one', values: YES_NO },
	},
	also_does: {
		label: 'Also does',
		shape: { kind: 'set', values: categoryLabels, max: 2 },
	},
	vendor: { label: 'Vendor', shape: { kind: 'text' } },
	hq_country: { label: 'Headquarters', shape: { kind: 'country' } },
	founded: { label: 'Founded', shape: { kind: 'year' } },
};

export const COMMON_FACT_KEYS = Object.keys(COMMON_FACTS) as CommonFactKey[];

/**
 * Every fact: the common ones, then each capability with a detail for its conditions and limits
 * ("Windows only", "on the Enterprise plan").
 */
export const FACTS: Record<FactKey, FactDefinition> = {
	...COMMON_FACTS,
	...(Object.fromEntries(
		CAPABILITY_KEYS.map((key): [CapabilityKey, FactDefinition] => [
			key,
			{
				label: CAPABILITIES[key],
				shape: { kind: 'one', values: CAPABILITY_VALUES },
				detail: 'text',
				capability: true,
			},
		]),
	) as Record<CapabilityKey, FactDefinition>),
};

export const FACT_KEYS = Object.keys(FACTS) as FactKey[];

/**
 * The facts a tool of `category` has a row for: what a tool of its category can do, known or
 * not; what its vendor documents it doing besides (the capabilities of the categories it also
 * does first); then the common facts.
 */
export function factKeysFor(
	category: CategorySlug,
	documented: (key: FactKey) => boolean = () => false,
	alsoDoes: readonly string[] = [],
): FactKey[] {
	const own = CATEGORY_CAPABILITIES[category] ?? [];
	const others = [
		...alsoDoes.flatMap((slug) => CATEGORY_CAPABILITIES[slug as CategorySlug] ?? []),
		...CAPABILITY_KEYS,
	].filter((key) => !own.includes(key) && documented(key));
	return [...own, ...new Set(others), ...COMMON_FACT_KEYS];
}

export function isFactKey(value: string): value is FactKey {
	return Object.hasOwn(FACTS, value);
}
