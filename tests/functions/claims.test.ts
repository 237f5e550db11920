// A vendor's claim on its listing (record 0022): an e-mail at the tool's registrable domain gets a
// signed, expiring link; opening it shows a button and changes nothing; only the button's POST
// confirms. Free mail and other domains are refused with their own messages; a tampered or
// expired link answers 400 and changes nothing. A confirmed claim marks its holder's
// suggestions for that tool as stated by the vendor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import type { Mail } from '../../src/lib/mail.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { nextIp, postForm, postJson, testDeps } from './harness.ts';

const PATH = '/.netlify/functions/submit';
const SECRET = 'claims-test-secret-claims-test-secret-0123';
let db: TestDb;
let toolId: number;
let sent: Mail[];
let nowMs = Date.now();
let handle: ReturnType<typeof createSubmitHandler>;

const claim = (email: string, id = toolId) =>
	handle(postJson(PATH, { kind: 'claim', tool_id: String(id), email }), { ip: nextIp() });
const claims = () => db.sql`select email, confirmed_at, revoked_at from listing_claims order by id`;
/** The link of the last claim e-mail. */
const lastLink = () => new URL(/https?:\/\/\S+/.exec(sent.at(-1)!.text)![0]);
const confirm = (token: string) =>
	handle(postForm(PATH, { kind: 'claim_confirm', token }), { ip: nextIp() });

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Build Co', 'Builds', 'https://app.buildco.co.uk/login', 'project-management') returning id`;
	toolId = Number(tool.id);
	handle = createSubmitHandler(testDeps(db.sql), {
		config: () => ({ secret: SECRET, siteUrl: 'http://localhost:8888' }),
		mailer: async (mail) => void sent.push(mail),
		now: () => nowMs,
	});
});
afterAll(() => db?.stop());
beforeEach(async () => {
	sent = [];
	nowMs = Date.now();
	await db.sql`delete from listing_claims`;
	await db.sql`delete from tool_suggestions`;
	await db.sql`delete from rate_limits`;
});

describe('claims', () => {
	it('e-mails a signed link to an address at the tool’s registrable domain or a subdomain', async () => {
		for (const email of ['ann@buildco.co.uk', 'bob@mail.buildco.co.uk']) {
			const response = await claim(email);
			expect(response.status).toBe(200);
		}
		expect(sent.map((mail) => mail.to)).toEqual(['ann@buildco.co.uk', 'bob@mail.buildco.co.uk']);
		expect(sent[0].subject).toContain('Build Co');
		expect(lastLink().pathname).toBe(PATH);
		expect(lastLink().searchParams.get('action')).toBe('claim');
		expect(await claims()).toHaveLength(2);
		expect((await claims()).every((row) => row.confirmed_at === null)).toBe(true);
	});

	it.each([
		['a free-mail address', 'ann@gmail.com', /free e-mail address \(gmail\.com\)/],
		['a regional free-mail address', 'ann@gmx.de', /free e-mail/],
		[
			'another company',
			'ann@competitor.com',
			/address at buildco\.co\.uk.*competitor\.com is not Build Co/,
		],
		['a look-alike suffix', 'ann@evilbuildco.co.uk', /address at buildco\.co\.uk/],
		['the public suffix alone', 'ann@co.uk', /address at buildco\.co\.uk/],
	])('refuses %s with a clear 422 and stores and sends nothing', async (_, email, message) => {
		const response = await claim(email);
		expect(response.status).toBe(422);
		const body = await response.json();
		expect(body.error.fields.email).toMatch(message);
		expect(await claims()).toHaveLength(0);
		expect(sent).toHaveLength(0);
	});

	it('refuses an unknown tool', async () => {
		const response = await claim('ann@buildco.co.uk', 999_999);
		expect(response.status).toBe(422);
		expect((await response.json()).error.fields).toHaveProperty('tool_id');
	});

	it('shows a button on GET and changes nothing; the POST confirms, and later corrections from the address are mailed their own link', async () => {
		// Sent before the claim: confirming the claim proves the mailbox now, not who wrote this.
		await handle(
			postJson(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'sso',
				value_sso: 'yes',
				source_url: 'https://buildco.co.uk/security',
				email: 'ANN@buildco.co.uk',
			}),
			{ ip: nextIp() },
		);
		await claim('ann@buildco.co.uk');
		const link = lastLink();
		const page = await handle(new Request(link), { ip: nextIp() });
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain('Confirm my claim');
		expect(html).toContain('name="kind" value="claim_confirm"');
		expect((await claims())[0].confirmed_at).toBeNull();

		const token = link.searchParams.get('token')!;
		const confirmed = await confirm(token);
		expect(confirmed.status).toBe(303);
		expect(confirmed.headers.get('location')).toBe('/claim/confirmed/');
		expect((await claims())[0].confirmed_at).not.toBeNull();
		const [pending] = await db.sql`select vendor_stated from tool_suggestions`;
		expect(pending.vendor_stated).toBe(false);

		// Sent after the claim: mailed a link of its own (record 0027), the vendor's only once
		// that link is confirmed; others' are never mailed one.
		sent = [];
		await handle(
			postJson(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'sso',
				value_sso: 'no',
				source_url: 'https://buildco.co.uk/security',
				email: 'ann@buildco.co.uk',
			}),
			{ ip: nextIp() },
		);
		await handle(
			postJson(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'sso',
				value_sso: 'no',
				source_url: 'https://buildco.co.uk/security',
				email: 'someone@example.com',
			}),
			{ ip: nextIp() },
		);
		expect(sent.map((mail) => mail.to)).toEqual(['ann@buildco.co.uk']);
		const flags = async () =>
			(await db.sql`select vendor_stated from tool_suggestions order by id`).map(
				(row) => row.vendor_stated,
			);
		expect(await flags()).toEqual([false, false, false]);
		const suggestionToken = lastLink().searchParams.get('token')!;
		const done = await handle(
			postForm(PATH, { kind: 'suggestion_confirm', token: suggestionToken }),
			{
				ip: nextIp(),
			},
		);
		expect(done.status).toBe(303);
		expect(await flags()).toEqual([false, true, false]);
	});

	it.each([
		['tampered', (token: string) => token.replace(/\.(\d+)\./, (_, id) => `.${Number(id) + 1}.`)],
		['re-signed with a guess', (token: string) => `${token.slice(0, -4)}AAAA`],
		['cut short', (token: string) => token.slice(0, 20)],
	])('answers a %s link 400 on GET and POST, and changes nothing', async (_, spoil) => {
		await claim('ann@buildco.co.uk');
		const token = spoil(lastLink().searchParams.get('token')!);
		const url = new URL(lastLink());
		url.searchParams.set('token', token);
		const page = await handle(new Request(url), { ip: nextIp() });
		expect(page.status).toBe(400);
		expect(await page.text()).not.toContain('Confirm my claim');
		const posted = await handle(postJson(PATH, { kind: 'claim_confirm', token }), { ip: nextIp() });
		expect(posted.status).toBe(400);
		expect((await posted.json()).error.code).toBe('invalid_link');
		expect((await claims())[0].confirmed_at).toBeNull();
	});

	it('answers an expired link 400 and a replaced one 400, changing nothing', async () => {
		await claim('ann@buildco.co.uk');
		const first = lastLink().searchParams.get('token')!;
		nowMs += 49 * 3600 * 1000;
		const expired = await confirm(first);
		expect(expired.status).toBe(400);
		expect(await expired.text()).toContain('expired');
		nowMs = Date.now();
		await new Promise((resolve) => setTimeout(resolve, 5));
		await claim('ann@buildco.co.uk');
		expect((await confirm(first)).status).toBe(400);
		expect((await claims())[0].confirmed_at).toBeNull();
		expect((await confirm(lastLink().searchParams.get('token')!)).status).toBe(303);
	});

	it('refuses a cross-site claim and a cross-site confirmation with 403', async () => {
		const response = await handle(
			postJson(
				PATH,
				{ kind: 'claim', tool_id: String(toolId), email: 'ann@buildco.co.uk' },
				{ 'sec-fetch-site': 'cross-site' },
			),
			{ ip: nextIp() },
		);
		expect(response.status).toBe(403);
		expect(sent).toHaveLength(0);
		expect(await claims()).toHaveLength(0);
	});
});
