// Facts for a synthetic catalogue (record 0019): most tools documented in part, as the researched
// sample is, and one tool in ten a documented field app that every fact filter of
// `EVERY_FILTER_ON` keeps, so typing with every filter on still has pages of matches to show.
import { FACT_FILTERS } from '../src/features/facts/fact-filters.ts';
import type { ToolFacts } from '../src/features/facts/facts.ts';
import { CATEGORY_CAPABILITIES } from '../src/features/facts/capabilities.ts';
import { CATEGORY_SLUGS } from '../src/lib/categories.ts';
import type { Sql } from '../src/lib/store/embedded.server.ts';

/** One value of every fact filter group: the home page's address with every filter on. */
export const EVERY_FILTER_ON: Readonly<Record<string, string>> = {
	platform: 'android',
	offline: 'partial',
	pricing: 'per-user',
	free: 'either',
	price: 'published',
	for: 'specialty-contractors',
	size: 'small',
	api: 'open',
	soc2: 'yes',
};

type Values = Partial<Record<keyof ToolFacts, string[]>>;

// A fixed pseudo-random number per tool and fact (no shared state: any tool's facts alone).
function chance(index: number, salt: number): number {
	let t = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
	t = Math.imul(t ^ (t >>> 15), 0x2c1b3c6d);
	t = Math.imul(t ^ (t >>> 12), 0x297a2d39);
	return ((t ^ (t >>> 15)) >>> 0) / 4294967296;
}

function someOf(index: number, salt: number, values: readonly string[], odds: number): string[] {
	const kept = values.filter((_, n) => chance(index, salt * 31 + n) < odds);
	return kept.length ? kept : [values[Math.floor(chance(index, salt) * values.length)]!];
}

const PLATFORM_ODDS: [string, number][] = [
	['web', 0.85],
	['ios', 0.6],
	['ipados', 0.35],
	['android', 0.55],
	['windows', 0.25],
	['macos', 0.12],
	['on_premises', 0.05],
];

/**
 * What the tool at `index` is stated to do: each capability of its category (synthetic.ts: the
 * index's category) with odds 0.4, about 3 a tool over the catalogue, as in the researched sample
 * (534 capability rows for 188 tools, record 0028); one in ten of them a stated "not offered".
 */
function capabilityValues(index: number): Values {
	const category = CATEGORY_SLUGS[index % CATEGORY_SLUGS.length]!;
	const values: Values = {};
	CATEGORY_CAPABILITIES[category].forEach((key, n) => {
		if (chance(index, 40 + n) < 0.4) values[key] = [chance(index, 70 + n) < 0.9 ? 'yes' : 'no'];
	});
	return values;
}

/** The facts of the tool at `index` (in insertion order): the values only, as the table holds them. */
export function syntheticFactValues(index: number): Values {
	// One tool in five has nothing documented yet; one in ten is the documented field app.
	if (index % 5 === 4) return {};
	if (index % 10 === 0)
		return {
			...capabilityValues(index),
			platforms: ['web', 'ios', 'android'],
			offline: ['full'],
			pricing_model: ['per_user'],
			starting_price: ['29', 'USD', 'user', 'month'],
			free_version: ['yes'],
			free_trial: ['yes'],
			audience: ['specialty_contractors', 'general_contractors'],
			company_size: ['small', 'mid'],
			open_api: ['yes'],
			soc2: ['type_2'],
		};
	const values: Values = {
		...capabilityValues(index),
		platforms: PLATFORM_ODDS.filter(([, odds], n) => chance(index, 10 + n) < odds).map(
			([platform]) => platform,
		),
		pricing_model: someOf(
			index,
			2,
			['per_user', 'unlimited_users', 'per_project', 'quote_only'],
			0.2,
		),
		audience: someOf(
			index,
			3,
			['general_contractors', 'specialty_contractors', 'owners_developers', 'residential'],
			0.35,
		),
	};
	if (!values.platforms!.length) values.platforms = ['web'];
	const odds = (salt: number) => chance(index, salt);
	if (odds(4) < 0.5) values.offline = [['full', 'partial', 'none'][Math.floor(odds(5) * 3)]!];
	if (odds(6) < 0.6) values.free_trial = [odds(7) < 0.8 ? 'yes' : 'no'];
	if (odds(8) < 0.5) values.free_version = [odds(9) < 0.4 ? 'yes' : 'no'];
	if (odds(20) < 0.3)
		values.starting_price = [String(10 + Math.floor(odds(21) * 90)), 'USD', 'user', 'month'];
	if (odds(22) < 0.6) values.company_size = someOf(index, 23, ['small', 'mid', 'enterprise'], 0.4);
	if (odds(24) < 0.5) values.open_api = [odds(25) < 0.7 ? 'yes' : 'no'];
	if (odds(26) < 0.2) values.soc2 = [odds(27) < 0.7 ? 'type_2' : 'type_1'];
	// Another job than its own category (synthetic.ts: the index's category), as the table asks.
	if (odds(28) < 0.2)
		values.also_does = [
			CATEGORY_SLUGS[
				(index + 1 + Math.floor(odds(29) * (CATEGORY_SLUGS.length - 1))) % CATEGORY_SLUGS.length
			]!,
		];
	return values;
}

const SOURCE = 'https://vendor.example.com/facts';
const API_DOCS = 'https://developer.example.com/';

/** The facts as the build reads them (one page read per fact), for checking what filters keep. */
/** What a source page says, as long as a typical quote of the sample data (about 90 characters). */
const QUOTE =
	'The synthetic vendor page states this value in one sentence, as a real quote would do.';

export function syntheticFacts(index: number): ToolFacts {
	const facts: ToolFacts = {};
	for (const [key, value] of Object.entries(syntheticFactValues(index)))
		facts[key as keyof ToolFacts] = {
			value: value!,
			detail: key === 'open_api' && value![0] === 'yes' ? API_DOCS : null,
			sources: [
				{ url: SOURCE, verifiedOn: '2026-11-25', value: value!, quote: QUOTE, origin: 'read' },
			],
		};
	return facts;
}

/** Whether the tool at `index` is kept by every filter of `values` (`EVERY_FILTER_ON`, say). */
export function keptByFacts(index: number, values: Readonly<Record<string, string>>): boolean {
	const facts = syntheticFacts(index);
	return FACT_FILTERS.every((group) => {
		const value = values[group.param];
		const option = group.options.find((o) => o.value === value);
		return !value || (option?.matches(facts) ?? false);
	});
}

/** Writes the facts of every tool, in id order (the order the catalogue was inserted in). */
export async function insertFacts(sql: Sql): Promise<number> {
	const ids = (await sql`select id from public.construction_apps order by id`).map((row) =>
		Number(row.id),
	);
	const rows = ids.flatMap((id, index) =>
		Object.entries(syntheticFactValues(index)).map(([fact, value]) => ({
			id,
			fact,
			value,
			detail: fact === 'open_api' && value![0] === 'yes' ? API_DOCS : null,
		})),
	);
	const CHUNK = 20_000;
	for (let start = 0; start < rows.length; start += CHUNK) {
		await sql`
			insert into public.tool_facts (tool_id, fact, value, detail, source_url, verified_on, quote)
			select id, fact, array(select jsonb_array_elements_text(value)), detail, ${SOURCE}, date '2026-11-25', ${QUOTE}
			from jsonb_to_recordset(${sql.json(rows.slice(start, start + CHUNK) as never)})
				as f(id bigint, fact text, value jsonb, detail text)`;
	}
	return rows.length;
}
