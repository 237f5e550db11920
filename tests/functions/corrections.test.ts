// The submit function's corrections (record 0022): a visitor suggests a fact, an integration or a
// change to a listing with its source. Request in, Response out, on a real embedded database:
// every bad input is a clear 4xx and stores nothing; nothing a suggestion says reaches the
// tools or facts tables.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { nextIp, postForm, postJson, testDeps } from './harness.ts';

const PATH = '/.netlify/functions/submit';
const SITE = 'https://contech.example';
let db: TestDb;
let toolId: number;
let partnerId: number;
let hidden: number;
let handle: ReturnType<typeof createSubmitHandler>;

const suggest = (fields: Record<string, string>, ip = nextIp()) =>
	handle(postJson(PATH, { kind: 'correction', tool_id: String(toolId), ...fields }), { ip });
const rows = async () =>
	db.sql`select what, fact, value, detail, partner_id, link_via, link_via_service, link_flow,
		link_moves, link_status, new_text, source_url, quote, email, vendor_stated, status
		from tool_suggestions order by id`;
const SOURCE = 'https://fieldapp.example.com/features';

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Field App', 'A field app', 'https://www.fieldapp.example.com', 'field-management') returning id`;
	const [partner] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Ledger Pro', 'Accounting', 'https://ledgerpro.example.com', 'financials') returning id`;
	const [off] =
		await db.sql`insert into construction_apps (name, description, url, category, status)
		values ('Gone App', 'Gone', 'https://gone.example.com', 'financials', 'unpublished') returning id`;
	[toolId, partnerId, hidden] = [Number(tool.id), Number(partner.id), Number(off.id)];
	handle = createSubmitHandler(testDeps(db.sql, { siteOrigins: [SITE] }));
});
afterAll(() => db?.stop());
beforeEach(async () => {
	await db.sql`delete from tool_suggestions`;
	await db.sql`delete from rate_limits`;
});

describe('corrections', () => {
	it('keeps a fact with its source, quote and e-mail for an editor, and shows nothing', async () => {
		const response = await suggest({
			what: 'platforms',
			value_platforms: 'web,android',
			// Every other group is sent too without JavaScript: only the chosen one counts.
			value_offline: 'full',
			new_name: 'Ignored',
			source_url: SOURCE,
			quote: '  Runs in the browser\n and on Android phones. ',
			email: 'jo@example.com',
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
		expect(await rows()).toEqual([
			expect.objectContaining({
				what: 'fact',
				fact: 'platforms',
				value: ['web', 'android'],
				source_url: SOURCE,
				quote: 'Runs in the browser and on Android phones.',
				email: 'jo@example.com',
				vendor_stated: false,
				status: 'pending',
			}),
		]);
		const [facts] = await db.sql`select count(*)::int as n from tool_facts`;
		expect(facts.n).toBe(0);
	});

	it('keeps what a tool does, from the one group every capability shares', async () => {
		const response = await suggest({
			what: 'assemblies',
			value_capability: 'yes',
			detail: 'Desktop edition only',
			source_url: SOURCE,
			quote: 'Build estimates from pre-built assemblies.',
		});
		expect(response.status).toBe(200);
		expect(await rows()).toEqual([
			expect.objectContaining({
				what: 'fact',
				fact: 'assemblies',
				value: ['yes'],
				detail: 'Desktop edition only',
				status: 'pending',
			}),
		]);
	});

	it('keeps a price, an integration and a listing field; a repeat is one row', async () => {
		expect(
			(
				await suggest({
					what: 'starting_price',
					price_amount: '49',
					price_currency: 'USD',
					price_unit: 'user',
					price_period: 'month',
					detail: 'billed yearly',
					source_url: SOURCE,
				})
			).status,
		).toBe(200);
		const integration = {
			what: 'integration',
			partner: 'ledger pro',
			via: 'middleware',
			via_service: 'Agave',
			direction: 'a-to-b',
			moves: 'commitments,budgets',
			link_status: 'beta',
			source_url: SOURCE,
		};
		expect((await suggest(integration)).status).toBe(200);
		expect((await suggest(integration)).status).toBe(200);
		expect(
			(await suggest({ what: 'category', new_category: 'scheduling', source_url: SOURCE })).status,
		).toBe(200);
		const stored = await rows();
		expect(stored).toHaveLength(3);
		expect(stored[0]).toMatchObject({
			fact: 'starting_price',
			value: ['49', 'USD', 'user', 'month'],
			detail: 'billed yearly',
		});
		expect(stored[1]).toMatchObject({
			what: 'integration',
			partner_id: String(partnerId),
			link_via: 'middleware',
			link_via_service: 'Agave',
			link_flow: 'out',
			link_moves: ['budgets', 'commitments'],
			link_status: 'beta',
		});
		expect(stored[2]).toMatchObject({ what: 'category', new_text: 'scheduling' });
	});

	it('posted without JavaScript, lands on the thanks page; an error page leads back to the form', async () => {
		const ok = await handle(
			postForm(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'sso',
				value_sso: 'yes',
				source_url: SOURCE,
			}),
			{ ip: nextIp() },
		);
		expect(ok.status).toBe(303);
		expect(ok.headers.get('location')).toBe('/suggest/thanks/');
		const bad = await handle(
			postForm(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'sso',
				value_sso: 'yes',
			}),
			{ ip: nextIp() },
		);
		expect(bad.status).toBe(422);
		const page = await bad.text();
		expect(page).toContain('source');
		expect(page).toContain(`href="/app/${toolId}/suggest/"`);
		expect(await rows()).toHaveLength(1);
	});

	it.each([
		['no source', { what: 'sso', value_sso: 'yes' }, 'source_url', /source/i],
		[
			'a source that is not http',
			{ what: 'sso', value_sso: 'yes', source_url: 'ftp://fieldapp.example.com/x' },
			'source_url',
			/http/,
		],
		[
			'a javascript: source',
			{ what: 'sso', value_sso: 'yes', source_url: 'javascript:alert(1)' },
			'source_url',
			/http|URL/,
		],
		[
			'this site as the source',
			{ what: 'sso', value_sso: 'yes', source_url: `${SITE}/app/1/` },
			'source_url',
			/vendor/,
		],
		['an unknown fact', { what: 'colour', source_url: SOURCE }, 'what', /list/],
		[
			'a value outside the vocabulary',
			{ what: 'platforms', value_platforms: 'web,blackberry', source_url: SOURCE },
			'value_platforms',
			/unknown value "blackberry"/,
		],
		['no value', { what: 'offline', source_url: SOURCE }, 'value_offline', /Choose/],
		[
			'a capability neither offered nor not',
			{ what: 'assemblies', value_capability: 'maybe', source_url: SOURCE },
			'value_capability',
			/unknown value "maybe"/,
		],
		[
			'a price in an unknown currency',
			{
				what: 'starting_price',
				price_amount: '5',
				price_currency: 'XYZ',
				price_unit: 'user',
				price_period: 'month',
				source_url: SOURCE,
			},
			'price_amount',
			/currency/,
		],
		[
			'a detail on a fact that takes none',
			{ what: 'sso', value_sso: 'yes', detail: 'SAML', source_url: SOURCE },
			'detail',
			/no detail/,
		],
		[
			'a 10 KB quote',
			{ what: 'sso', value_sso: 'yes', source_url: SOURCE, quote: 'x'.repeat(7000) },
			'quote',
			/too long/,
		],
		[
			'a 600-character quote',
			{ what: 'sso', value_sso: 'yes', source_url: SOURCE, quote: 'x'.repeat(600) },
			'quote',
			/500/,
		],
		[
			'a bad e-mail',
			{ what: 'sso', value_sso: 'yes', source_url: SOURCE, email: 'jo@' },
			'email',
			/e-mail/,
		],
		[
			'an unknown category',
			{ what: 'category', new_category: 'gardening', source_url: SOURCE },
			'new_category',
			/category/,
		],
		[
			'a name with markup',
			{ what: 'name', new_name: '<b>x</b>', source_url: SOURCE },
			'new_name',
			/not allowed/,
		],
		[
			'an unknown way to connect',
			{ what: 'integration', partner: 'Ledger Pro', via: 'pigeon', source_url: SOURCE },
			'via',
			/list/,
		],
		[
			'unknown moves',
			{ what: 'integration', partner: 'Ledger Pro', moves: 'gold', source_url: SOURCE },
			'moves',
			/list/,
		],
	])(
		'refuses %s with a 422 naming the field, and stores nothing',
		async (_, fields, field, message) => {
			const response = await suggest(fields as Record<string, string>);
			expect(response.status).toBe(422);
			const body = await response.json();
			expect(body.error.code).toBe('invalid_field');
			expect(Object.keys(body.error.fields)).toContain(field);
			expect(body.error.fields[field]).toMatch(message);
			expect(await rows()).toHaveLength(0);
		},
	);

	it('refuses a 10 KB form as too large, before reading it', async () => {
		const response = await suggest({
			what: 'sso',
			value_sso: 'yes',
			source_url: SOURCE,
			quote: 'x'.repeat(10_240),
		});
		expect(response.status).toBe(413);
		expect(await rows()).toHaveLength(0);
	});

	it.each([
		['an unknown tool', { tool_id: '999999' }, 'tool_id'],
		['an unpublished tool', { tool_id: () => String(hidden) }, 'tool_id'],
		['an unknown partner', { what: 'integration', partner: 'Nothing Like It' }, 'partner'],
		['the tool itself as partner', { what: 'integration', partner: 'Field App' }, 'partner'],
	])('refuses %s with a 422 and stores nothing', async (_, extra, field) => {
		const fields = Object.fromEntries(
			Object.entries({ what: 'sso', value_sso: 'yes', source_url: SOURCE, ...extra }).map(
				([k, v]) => [k, typeof v === 'function' ? v() : v],
			),
		);
		const response = await suggest(fields);
		expect(response.status).toBe(422);
		expect((await response.json()).error.fields).toHaveProperty(field);
		expect(await rows()).toHaveLength(0);
	});

	it('gives a bot that fills the honeypot a success and stores nothing', async () => {
		const response = await suggest({
			what: 'sso',
			value_sso: 'yes',
			source_url: SOURCE,
			nickname: 'bot',
		});
		expect(response.status).toBe(200);
		expect(await rows()).toHaveLength(0);
	});

	it('refuses a cross-site post with 403 before counting or storing', async () => {
		const response = await handle(
			postJson(
				PATH,
				{
					kind: 'correction',
					tool_id: String(toolId),
					what: 'sso',
					value_sso: 'yes',
					source_url: SOURCE,
				},
				{ origin: 'https://evil.example' },
			),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(403);
		expect((await response.json()).error.code).toBe('cross_site');
		expect(await rows()).toHaveLength(0);
		const [hits] = await db.sql`select count(*)::int as n from rate_limits`;
		expect(hits.n).toBe(0);
	});

	it('rate-limits a client, invalid posts included, with 429 and Retry-After', async () => {
		const limited = createSubmitHandler(
			testDeps(db.sql, { rateLimit: { max: 2, windowSeconds: 3600 } }),
		);
		const ip = '203.0.113.77';
		const post = (fields: Record<string, string>) =>
			limited(postJson(PATH, { kind: 'correction', tool_id: String(toolId), ...fields }), { ip });
		expect((await post({ what: 'sso', value_sso: 'yes', source_url: SOURCE })).status).toBe(200);
		expect((await post({ what: 'sso', value_sso: 'maybe', source_url: SOURCE })).status).toBe(422);
		const third = await post({ what: 'sso', value_sso: 'no', source_url: SOURCE });
		expect(third.status).toBe(429);
		expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
		expect(await rows()).toHaveLength(1);
	});

	it('refuses an unknown kind of submission', async () => {
		const response = await handle(postJson(PATH, { kind: 'bribe', tool_id: String(toolId) }), {
			ip: nextIp(),
		});
		expect(response.status).toBe(422);
		expect((await response.json()).error.message).toMatch(/Unknown kind/);
	});
});
