// Cross-site request forgery: a page on another website cannot make its visitors' browsers
// sign up or submit. Same-site posts, no-JS posts from the site's pages and clients that send
// no Origin (curl, a mail provider's one-click unsubscribe) still work.
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { type FormDeps } from '../../src/features/forms/handlers.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import type { Sql } from '../../src/lib/store/embedded.server.ts';
import { formsTestDb, nextIp, subscribeHandler, testDeps } from './harness.ts';

const SITE = 'https://contech.example';
const db = formsTestDb();
const counts = async () => {
	const [row] = await db.sql`select
		(select count(*) from newsletter_subscribers)::int as subscribers,
		(select count(*) from new_app_submissions)::int as submissions,
		(select coalesce(sum(hits), 0) from rate_limits)::int as hits`;
	return row;
};

beforeEach(async () => {
	await db.sql`delete from rate_limits`;
});

const forms = [
	['subscribe', subscribeHandler, { email: 'jane@example.com' }],
	[
		'submit',
		(sql: Sql, deps: Partial<FormDeps>) => createSubmitHandler(testDeps(sql, deps)),
		{ name: 'Procore', url: 'https://procore-test.com' },
	],
] as const;

/** A post to the function as the site's address sees it (`requestBase` is the request's own). */
function post(
	form: string,
	fields: Record<string, string>,
	headers: Record<string, string>,
	{ kind = 'json', requestBase = 'http://localhost:9400' } = {},
) {
	return new Request(`${requestBase}/.netlify/functions/${form}`, {
		method: 'POST',
		headers: {
			'content-type': kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
			...headers,
		},
		body: kind === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
	});
}

describe.each(forms)('%s', (form, createHandler, fields) => {
	const handle = () => createHandler(db.sql, { siteOrigins: [SITE] });

	it.each([
		['an Origin of another website', { origin: 'https://evil.example' }],
		['another port of the same host', { origin: 'http://localhost:9401' }],
		['an http Origin for the https site', { origin: 'http://contech.example' }],
		['Origin "null" (a sandboxed frame)', { origin: 'null' }],
		['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
		[
			'Sec-Fetch-Site: cross-site with our Origin',
			{ origin: SITE, 'sec-fetch-site': 'cross-site' },
		],
	])('refuses %s with a 403 JSON answer and stores or counts nothing', async (_, headers) => {
		for (const kind of ['json', 'form']) {
			const response = await handle()(post(form, fields, headers, { kind }), { ip: nextIp() });
			expect(response.status).toBe(403);
			expect(response.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await response.json()).toEqual({
				error: {
					code: 'cross_site',
					message: 'This form can only be sent from the website it belongs to.',
				},
			});
		}
		expect(await counts()).toEqual({ subscribers: 0, submissions: 0, hits: 0 });
	});

	it.each([
		['no Origin and no Sec-Fetch-Site (curl, a mail provider)', {}, {}],
		[
			"the request's own origin (a local port)",
			{ origin: 'http://localhost:9400', 'sec-fetch-site': 'same-origin' },
			{},
		],
		[
			'the configured site address behind a proxy',
			{ origin: SITE, 'sec-fetch-site': 'same-origin' },
			{ requestBase: 'http://127.0.0.1:3999' },
		],
		['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, {}],
		['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }, {}],
	])('accepts %s', async (_, headers, options) => {
		const response = await handle()(post(form, fields, headers, options), { ip: nextIp() });
		expect(response.status).toBe(200);
	});

	it('accepts a no-JS form post from its own page and redirects to the thanks page', async () => {
		const response = await handle()(
			post(
				form,
				fields,
				{ origin: SITE, 'sec-fetch-site': 'same-origin' },
				{
					kind: 'form',
					requestBase: SITE,
				},
			),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(303);
	});
});

it("takes the site address from SITE_URL and Netlify's URLs", async () => {
	const deps = formDepsFromEnv({
		SITE_URL: 'https://www.contech.example/some/path',
		URL: 'https://contech.netlify.app',
		DEPLOY_PRIME_URL: 'https://main--contech.netlify.app',
	});
	expect(deps.siteOrigins).toEqual([
		'https://www.contech.example',
		'https://contech.netlify.app',
		'https://main--contech.netlify.app',
	]);
});

it('refuses to write with a wrong address in the configuration rather than trust no origin', async () => {
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
	onTestFinished(() => logged.mockRestore());
	const deps = formDepsFromEnv({
		SITE_URL: 'https://www.contech.example',
		DEPLOY_PRIME_URL: 'not a url',
	});
	expect(logged).toHaveBeenCalledWith(
		expect.stringMatching(/DEPLOY_PRIME_URL must be an http\(s\) address/),
	);
	expect(deps.siteOrigins).toEqual([]);
	await expect(deps.store()).rejects.toThrow(/DEPLOY_PRIME_URL/);
});
