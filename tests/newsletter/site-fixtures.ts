import type { Sql } from '../../src/lib/store/embedded.server.ts';

/** The served site's newsletter: one sent issue (published) and a draft (never published). */
export const NEWSLETTER_FIXTURES = {
	sentIntro: 'Welcome to **issue one** of the fixtures.',
	sentTool: 'Paren (Beta) Test',
	draftIntro: 'DRAFT-NEVER-PUBLISHED',
} as const;

export async function insertNewsletterFixtures(sql: Sql) {
	await sql`insert into newsletter_issues (number, intro, tools, covers_from, covers_until, sent_at)
		select 1, ${NEWSLETTER_FIXTURES.sentIntro},
			jsonb_agg(jsonb_build_object('id', id, 'name', name, 'url', url, 'category', category, 'description', description)),
			now() - interval '7 days', now() - interval '1 day', now() - interval '1 day'
		from construction_apps where name = ${NEWSLETTER_FIXTURES.sentTool}`;
	await sql`insert into newsletter_issues (number, intro, covers_from, covers_until)
		values (2, ${NEWSLETTER_FIXTURES.draftIntro}, now() - interval '1 day', now())`;
}
