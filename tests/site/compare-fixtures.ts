// Tools with facts for the compare page's tests, kept apart from fixtures.ts so the facts other
// features add to the fixture tools never collide with these. Four tools documented in full
// (the compare budget is measured on them), connected among themselves, and one documented
// barely, for the rows that are partly unknown.
import type { Sql } from '../../src/lib/store/embedded.server.ts';

type FactRow = [fact: string, value: string[], detail: string | null, source: string, day: string];

function fullFacts(
	host: string,
	differ: {
		platforms: string[];
		offline: string;
		pricing: string[];
		price: string[] | null;
		audience: string[];
		sizes: string[];
		soc2: string;
		alsoDoes: string[];
	},
): FactRow[] {
	const page = (path: string) => `https://www.${host}/${path}`;
	return [
		[
			'vendor',
			[`${host.split('.')[0]} Software Inc.`],
			null,
			page('company/about-us'),
			'2026-10-02',
		],
		['hq_country', ['US'], null, page('company/about-us'), '2026-10-02'],
		['founded', ['2014'], null, page('company/about-us'), '2026-10-02'],
		['platforms', differ.platforms.slice(0, 1), null, page('product/web-app'), '2026-11-03'],
		[
			'platforms',
			differ.platforms.slice(1),
			null,
			`https://apps.apple.com/us/app/${host.split('.')[0]}/id1500000001`,
			'2026-11-04',
		],
		[
			'offline',
			[differ.offline],
			null,
			page('help/articles/working-offline-in-the-field'),
			'2026-11-04',
		],
		['pricing_model', differ.pricing, null, page('pricing'), '2026-11-10'],
		...(differ.price
			? [
					[
						'starting_price',
						differ.price,
						'billed annually',
						page('pricing'),
						'2026-11-10',
					] as FactRow,
				]
			: []),
		['free_version', ['no'], null, page('pricing'), '2026-11-10'],
		['free_trial', ['yes'], '14 days', page('pricing'), '2026-11-10'],
		['audience', differ.audience, null, page('solutions/contractors'), '2026-09-18'],
		['company_size', differ.sizes, null, page('solutions/contractors'), '2026-09-18'],
		[
			'open_api',
			['yes'],
			`https://developers.${host}/docs/rest-api`,
			`https://developers.${host}/`,
			'2026-08-30',
		],
		['soc2', [differ.soc2], null, page('trust/security-and-compliance'), '2026-11-12'],
		['sso', ['yes'], null, page('trust/security-and-compliance'), '2026-11-12'],
		['also_does', differ.alsoDoes, null, page('product/overview'), '2026-09-18'],
	];
}

/** The compare fixtures: names, categories and facts. */
export const COMPARE_FIXTURES = {
	tools: [
		{
			name: 'Quarry Takeoff',
			category: 'estimating',
			facts: fullFacts('quarrytakeoff.example.com', {
				platforms: ['web', 'ios', 'ipados'],
				offline: 'partial',
				pricing: ['per_user'],
				price: ['49', 'USD', 'user', 'month'],
				audience: ['general_contractors', 'specialty_contractors'],
				sizes: ['small', 'mid'],
				soc2: 'type_2',
				alsoDoes: ['bidding-procurement'],
			}),
		},
		{
			name: 'Wren Estimator',
			category: 'estimating',
			facts: fullFacts('wrenestimator.example.com', {
				platforms: ['web', 'ios', 'android'],
				offline: 'full',
				pricing: ['unlimited_users'],
				price: ['399', 'USD', 'account', 'month'],
				audience: ['general_contractors', 'specialty_contractors'],
				sizes: ['small', 'mid'],
				soc2: 'type_2',
				alsoDoes: ['bidding-procurement'],
			}),
		},
		{
			name: 'Kestrel Schedules',
			category: 'scheduling',
			facts: fullFacts('kestrelschedules.example.com', {
				platforms: ['web', 'windows', 'macos'],
				offline: 'none',
				pricing: ['per_project', 'by_module'],
				price: null,
				audience: ['general_contractors', 'owners_developers', 'heavy_civil'],
				sizes: ['mid', 'enterprise'],
				soc2: 'type_1',
				alsoDoes: ['project-management', 'documents-collaboration'],
			}),
		},
		{
			name: 'Heron Crews',
			category: 'workforce',
			facts: fullFacts('heroncrews.example.com', {
				platforms: ['web', 'android'],
				offline: 'full',
				pricing: ['per_active_user'],
				price: ['8.50', 'EUR', 'user', 'month'],
				audience: ['specialty_contractors', 'residential'],
				sizes: ['small'],
				soc2: 'type_2',
				alsoDoes: ['safety-quality'],
			}),
		},
		{
			name: 'Lark Notes',
			category: 'documents-collaboration',
			facts: [
				// Read more than a year before any build of these tests: "checked over a year ago".
				['platforms', ['web', 'ios'], null, 'https://larknotes.example.com/features', '2025-07-01'],
				[
					'audience',
					['architects_engineers'],
					null,
					'https://larknotes.example.com/features',
					'2025-07-01',
				],
			] as FactRow[],
		},
	],
	/** Pairs of the tools above (names): Quarry and Wren share Heron, each has one of its own. */
	integrations: [
		['Quarry Takeoff', 'Heron Crews'],
		['Wren Estimator', 'Heron Crews'],
		['Quarry Takeoff', 'Kestrel Schedules'],
		['Wren Estimator', 'Lark Notes'],
	],
} as const;

/** What each fixture's source page says: a sentence naming the fact, so a test can find it. */
export const fixtureQuote = (tool: string, fact: string) => `${tool} states its ${fact} here.`;

/** Heron Crews' vendor claimed its listing: its pricing model is stated by the vendor. */
export const VENDOR_STATED = { tool: 'Heron Crews', fact: 'pricing_model' } as const;

export async function insertCompareFixtures(sql: Sql) {
	for (const tool of COMPARE_FIXTURES.tools) {
		const host = tool.name.toLowerCase().replace(/\s+/g, '');
		const [{ id }] =
			await sql`insert into construction_apps (name, description, url, category, status)
			values (${tool.name}, 'A fixture for the compare page.', ${`https://www.${host}.example.com`}, ${tool.category}, 'live')
			returning id`;
		for (const [fact, value, detail, source, day] of tool.facts) {
			const origin =
				tool.name === VENDOR_STATED.tool && fact === VENDOR_STATED.fact ? 'vendor' : 'read';
			await sql`insert into tool_facts (tool_id, fact, value, detail, source_url, verified_on, quote, origin)
				values (${id}, ${fact}, ${value as string[]}, ${detail}, ${source}, ${day},
					${fixtureQuote(tool.name, fact)}, ${origin})`;
		}
	}
	for (const [a, b] of COMPARE_FIXTURES.integrations)
		await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			select least(x.id, y.id), greatest(x.id, y.id), 'api', 'https://fixture.example.com/compare'
			from construction_apps x, construction_apps y where x.name = ${a} and y.name = ${b}`;
}
