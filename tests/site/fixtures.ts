import type { Sql } from '../../src/lib/store/embedded.server.ts';
import { insertNewsletterFixtures } from '../newsletter/site-fixtures.ts';

/** Rows added to the sample catalogue for the site tests: names that stress the search. */
export const FIXTURE_TOOLS = {
	special: ['Estimator C++ Test', 'Paren (Beta) Test', 'Dot.Star*Test'],
	unpublished: 'Unpublished Secret Tool',
	/** Unusable rows an operator's older database might hold; the build must leave them out. */
	unusable: {
		noName: 'row with no name',
		badScheme: 'Javascript Link Tool',
		badHost: 'Spaced Host Tool',
	},
	/** A live tool whose description contains a word that is in no tool name. */
	descriptionOnly: { name: 'Zeta Description Test', word: 'quokkaword' },
	/** Text that would end a JSON-LD <script> early if it were not escaped. */
	scriptInText: {
		name: 'Script </script> Test',
		description: 'Ends </script><script>alert(1)</script><!-- early?',
	},
	/** Integrations among fixture tools (none of them in the seed, so no pair collides with it). */
	integrations: {
		hub: 'Zeta Description Test',
		note: 'Syncs <b>crews</b> & costs',
		/** Linked to the hub; the unpublished one must never show. */
		partners: [
			'Estimator C++ Test',
			'Paren (Beta) Test',
			'Dot.Star*Test',
			'Unpublished Secret Tool',
		],
		/** Also linked to Procore, a seed tool. */
		withProcore: 'Estimator C++ Test',
		/** The hub's connection to this partner says everything a source can (record 0018). */
		detailed: {
			partner: 'Paren (Beta) Test',
			service: 'Agave',
			moves: ['timesheets', 'employees'],
			status: 'beta',
			verifiedOn: '2026-10-01',
		},
		/** Two partners of the hub whose own connection its vendor retired. */
		retired: ['Paren (Beta) Test', 'Dot.Star*Test'],
	},
	/**
	 * Facts of fixture tools (value arrays as the table holds them), on top of the seed's: two
	 * Android apps with a free version for specialty contractors (the issue's "done" search), one
	 * of them also doing field management; a tool whose free trial is documented as "no"; the
	 * unpublished tool, whose facts must never count; Zeta has none (unknown stays unknown).
	 */
	facts: {
		'Estimator C++ Test': {
			platforms: ['web', 'ios', 'android'],
			offline: ['partial'],
			pricing_model: ['per_user'],
			free_version: ['yes'],
			audience: ['specialty_contractors'],
			company_size: ['small'],
			open_api: ['yes'],
		},
		'Dot.Star*Test': {
			platforms: ['android'],
			offline: ['full'],
			free_version: ['yes'],
			starting_price: ['19', 'USD', 'user', 'month'],
			audience: ['specialty_contractors', 'general_contractors'],
			soc2: ['type_2'],
			also_does: ['field-management'],
		},
		'Paren (Beta) Test': {
			platforms: ['windows'],
			free_trial: ['no'],
			audience: ['general_contractors'],
		},
		'Unpublished Secret Tool': {
			platforms: ['android'],
			free_version: ['yes'],
			audience: ['specialty_contractors', 'heavy_civil'],
			company_size: ['enterprise'],
		},
	} as Record<string, Record<string, string[]>>,
} as const;

export async function insertFixtures(sql: Sql) {
	const [special1, special2, special3] = FIXTURE_TOOLS.special;
	await sql`insert into construction_apps (name, description, url, category, status) values
		(${special1}, 'Fixture for literal plus signs.', 'https://cpp.example.com/path?x=1', 'estimating', 'live'),
		(${special2}, 'Fixture for brackets.', 'https://www.paren.example.com', 'scheduling', 'live'),
		(${special3}, 'Fixture for dots and stars.', 'http://dotstar.example.com', 'workforce', 'live'),
		(${FIXTURE_TOOLS.descriptionOnly.name}, ${`Only its description mentions ${FIXTURE_TOOLS.descriptionOnly.word}.`}, 'https://zeta.example.com', 'workforce', 'live'),
		(${FIXTURE_TOOLS.unpublished}, 'Must never appear.', 'https://secret.example.com', 'workforce', 'unpublished')`;
	// An older database without this project's CHECK constraints can hold worse rows.
	await sql`alter table construction_apps drop constraint construction_apps_name_check`;
	await sql`alter table construction_apps drop constraint construction_apps_url_check`;
	await sql`alter table construction_apps drop constraint construction_apps_name_characters_check`;
	await sql`insert into construction_apps (name, description, url, category, status) values
		(${FIXTURE_TOOLS.scriptInText.name}, ${FIXTURE_TOOLS.scriptInText.description}, 'https://script.example.com/#top', 'safety-quality', 'live'),
		(${FIXTURE_TOOLS.unusable.badHost}, 'A URL whose host has a space.', 'https://bad host.example.com', 'workforce', 'live'),
		('', ${FIXTURE_TOOLS.unusable.noName}, 'https://noname.example.com', 'workforce', 'live'),
		(${FIXTURE_TOOLS.unusable.badScheme}, 'Tries to become a script link.', 'javascript:alert(document.cookie)', 'workforce', 'live')`;
	const { hub, note, partners, withProcore } = FIXTURE_TOOLS.integrations;
	await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, note, source_url)
		select least(h.id, p.id), greatest(h.id, p.id), 'native', ${note}, 'https://fixture.example.com/integrations'
		from construction_apps h, construction_apps p where h.name = ${hub} and p.name = any(${partners as unknown as string[]})`;
	await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
		select least(a.id, b.id), greatest(a.id, b.id), 'marketplace', 'https://fixture.example.com/procore'
		from construction_apps a, construction_apps b where a.name = 'Procore' and b.name = ${withProcore}`;
	for (const [name, facts] of Object.entries(FIXTURE_TOOLS.facts))
		for (const [fact, value] of Object.entries(facts))
			await sql`insert into tool_facts (tool_id, fact, value, detail, source_url, verified_on)
				select id, ${fact}, ${value}, ${fact === 'open_api' ? 'https://developer.fixture.example.com/' : null},
					'https://fixture.example.com/facts', date '2026-11-20'
				from construction_apps where name = ${name}`;
	// What the detailed connection does: from the hub to the partner, through a middleware.
	const { detailed, retired } = FIXTURE_TOOLS.integrations;
	await sql`update tool_integrations i set kind = 'api', via = 'middleware',
		via_service = ${detailed.service}, moves = ${detailed.moves as unknown as string[]},
		status = ${detailed.status}, verified_on = ${detailed.verifiedOn},
		direction = case when h.id < p.id then 'low_to_high' else 'high_to_low' end
		from construction_apps h, construction_apps p
		where h.name = ${hub} and p.name = ${detailed.partner}
			and i.tool_low_id = least(h.id, p.id) and i.tool_high_id = greatest(h.id, p.id)`;
	await sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url, via, direction, moves, status)
		select least(a.id, b.id), greatest(a.id, b.id), 'native', 'https://fixture.example.com/retired',
			'file_exchange', 'both', '{schedules}', 'retired'
		from construction_apps a, construction_apps b where a.name = ${retired[0]} and b.name = ${retired[1]}`;
	await insertNewsletterFixtures(sql);
}

/** Secret-looking values set while the test site builds; the secrets scan looks for them. */
export const FAKE_SECRETS = {
	SUPABASE_SECRET_KEY: 'sb_secret_FAKEfakeFAKEfake0123456789',
	SUPABASE_SERVICE_ROLE_KEY:
		'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwiaXNzIjoic3VwYWJhc2UifQ.ZmFrZS1zaWduYXR1cmUtZm9yLXRlc3Rz',
	NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/fakehook0123456789',
	SMTP_URL: 'smtps://mailer:fake-smtp-password@smtp.example.com:465',
	RATE_LIMIT_SALT: 'fake-rate-limit-salt-0123456789',
	NEWSLETTER_SECRET: 'fake-newsletter-secret-0123456789abcdef',
} as const;
