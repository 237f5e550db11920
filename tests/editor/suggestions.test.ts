// The editor's queue of corrections and claims (record 0022) as an editor runs it: a real embedded
// database, a fake build hook on loopback, the outbox. Accepting records through the same paths
// as `facts set`, `link` and `edit` (with the quote, and origin 'vendor' for a vendor's
// statement), rebuilds, and tells the suggester once; declining tells the reason once.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv, fakeBuildHook } from './cli.ts';

let db: TestDb;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let env: Record<string, string>;
let outbox: string;
let toolId: number;
let partnerId: number;
const SOURCE = 'https://crewsite.example.com/security';

/** A suggestion as the submit function writes it. */
async function suggest(fields: Record<string, unknown>): Promise<number> {
	const row = {
		what: 'fact',
		fact: null,
		value: null,
		detail: null,
		partner_id: null,
		link_via: null,
		link_via_service: null,
		link_flow: null,
		link_moves: null,
		new_text: null,
		quote: null,
		email: null,
		vendor_stated: false,
		source_url: SOURCE,
		// The vendor's only with a confirmed e-mail (record 0027; the database checks it).
		...(fields.vendor_stated
			? { email: 'ann@crewsite.example.com', email_confirmed_at: new Date() }
			: {}),
		...fields,
	};
	const [inserted] = await db.sql`insert into tool_suggestions ${db.sql({
		...row,
		tool_id: toolId,
		dedupe_key: String(Math.random()),
	} as unknown as Record<string, never>)} returning id`;
	return Number(inserted.id);
}
const mailsTo = async (who: string) => (await readdir(outbox)).filter((file) => file.includes(who));

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	hook = await fakeBuildHook(() => 200);
	outbox = await mkdtemp(path.join(os.tmpdir(), 'contech-outbox-'));
	env = editorEnv(db, { NETLIFY_BUILD_HOOK_URL: hook.url, OUTBOX_DIR: outbox });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Crew Site', 'Crews', 'https://crewsite.example.com', 'field-management') returning id`;
	const [partner] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Pay Ledger', 'Pay', 'https://payledger.example.com', 'financials') returning id`;
	[toolId, partnerId] = [Number(tool.id), Number(partner.id)];
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});
beforeEach(async () => {
	hook.calls.length = 0;
	await db.sql`delete from tool_suggestions`;
	await db.sql`delete from tool_facts`;
	await db.sql`delete from listing_claims`;
	// The tool as inserted, whatever an earlier test's accepted edit left (an update only then:
	// each one asks for a rebuild).
	await db.sql`update construction_apps set name = 'Crew Site', description = 'Crews',
		category = 'field-management' where id = ${toolId}
		and (name, description, category) is distinct from ('Crew Site', 'Crews', 'field-management')`;
});

describe('suggestions', { timeout: 120_000 }, () => {
	it('lists pending ones oldest first, with the current value, source, quote and the vendor', async () => {
		await db.sql`insert into tool_facts (tool_id, fact, value, source_url, quote)
			values (${toolId}, 'sso', '{no}', 'https://crewsite.example.com/old', 'No SSO yet.')`;
		const older = await suggest({
			fact: 'sso',
			value: ['yes'],
			quote: 'SAML single sign-on on every plan.',
			vendor_stated: true,
		});
		await db.sql`update tool_suggestions set created_at = now() - interval '2 days' where id = ${older}`;
		const newer = await suggest({ what: 'name', new_text: 'CrewSite', email: 'jo@example.com' });
		const listed = await editor(['suggestions', '--tool', 'crew site'], env);
		expect(listed.stderr).toBe('');
		expect(listed.code).toBe(0);
		const out = listed.stdout;
		expect(out.indexOf(`Suggestion ${older}`)).toBeLessThan(out.indexOf(`Suggestion ${newer}`));
		expect(out).toMatch(/stated by the vendor/);
		expect(out).toMatch(/now\s+No \(read on https:\/\/crewsite\.example\.com\/old/);
		expect(out).toMatch(/proposed\s+sso = Yes/);
		expect(out).toContain(SOURCE);
		expect(out).toContain('“SAML single sign-on on every plan.”');
		expect(out).toMatch(/now\s+Crew Site\n\s+proposed\s+name = CrewSite/);
		expect((await editor(['suggestions', '--tool', 'Nothing'], env)).code).toBe(3);
	});

	it('accepts a vendor-stated fact with its quote and origin, rebuilds, and tells the suggester once', async () => {
		const id = await suggest({
			fact: 'platforms',
			value: ['web', 'android'],
			quote: 'Use it in any browser and on Android.',
			email: 'ann@crewsite.example.com',
			vendor_stated: true,
		});
		const accepted = await editor(['accept', String(id)], env);
		expect(accepted.stderr).toBe('');
		expect(accepted.code).toBe(0);
		expect(accepted.stdout).toContain('stated by the vendor today');
		expect(hook.calls).toHaveLength(1);
		const [fact] =
			await db.sql`select value, source_url, quote, origin, verified_on = current_date as today
			from tool_facts where tool_id = ${toolId} and fact = 'platforms'`;
		expect({ ...fact }).toEqual({
			value: ['web', 'android'],
			source_url: SOURCE,
			quote: 'Use it in any browser and on Android.',
			origin: 'vendor',
			today: true,
		});
		const mails = await mailsTo('ann@crewsite.example.com');
		expect(mails).toHaveLength(1);
		expect(await readFile(path.join(outbox, mails[0]), 'utf8')).toContain('accepted');
		// Once only: accepting again is a conflict, and a retry of notices sends nothing more.
		expect((await editor(['accept', String(id)], env)).code).toBe(4);
		expect((await editor(['notify', '--retry'], env)).code).toBe(0);
		expect(await mailsTo('ann@crewsite.example.com')).toHaveLength(1);
	});

	it('asks for a quote when the suggestion has none, takes --quote and --detail, and records it as read', async () => {
		const id = await suggest({ fact: 'free_trial', value: ['yes'] });
		const refused = await editor(['accept', String(id)], env);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toMatch(/--quote/);
		expect((await db.sql`select status from tool_suggestions where id = ${id}`)[0].status).toBe(
			'pending',
		);
		const ok = await editor(
			['accept', String(id), '--quote', 'Try it free for 14 days.', '--detail', '14 days'],
			env,
		);
		expect(ok.code).toBe(0);
		const [fact] =
			await db.sql`select detail, quote, origin from tool_facts where fact = 'free_trial'`;
		expect({ ...fact }).toEqual({
			detail: '14 days',
			quote: 'Try it free for 14 days.',
			origin: 'read',
		});
	});

	it('accepts an integration through `link` and a listing field through `edit`', async () => {
		const link = await suggest({
			what: 'integration',
			partner_id: partnerId,
			link_via: 'middleware',
			link_via_service: 'Agave',
			link_flow: 'out',
			link_moves: ['budgets'],
		});
		const linked = await editor(['accept', String(link)], env);
		expect(linked.stderr).toBe('');
		expect(linked.code).toBe(0);
		const [row] = await db.sql`select via, via_service, moves, source_url from tool_integrations`;
		expect({ ...row }).toEqual({
			via: 'middleware',
			via_service: 'Agave',
			moves: ['budgets'],
			source_url: SOURCE,
		});
		const category = await suggest({ what: 'category', new_text: 'scheduling' });
		expect((await editor(['accept', String(category)], env)).code).toBe(0);
		const [tool] = await db.sql`select category from construction_apps where id = ${toolId}`;
		expect(tool.category).toBe('scheduling');
		expect(hook.calls.length).toBeGreaterThanOrEqual(2);
	});

	it('accepts a name or description that starts with "-" and a vendor whose name holds a comma', async () => {
		const description = await suggest({
			what: 'description',
			new_text: '-1 user only on the free plan.',
		});
		const edited = await editor(['accept', String(description)], env);
		expect(edited.stderr).toBe('');
		expect(edited.code).toBe(0);
		const [tool] = await db.sql`select description from construction_apps where id = ${toolId}`;
		expect(tool.description).toBe('-1 user only on the free plan.');

		const vendor = await suggest({
			fact: 'vendor',
			value: ['Crew Site, Inc.'],
			quote: 'Crew Site, Inc. makes Crew Site.',
		});
		const recorded = await editor(['accept', String(vendor)], env);
		expect(recorded.stderr).toBe('');
		expect(recorded.code).toBe(0);
		const set = await editor(
			[
				'facts',
				String(toolId),
				'set',
				'vendor=Crew Site, Inc.',
				'--source',
				SOURCE,
				'--quote',
				'Crew Site, Inc.',
			],
			env,
		);
		expect(set.stderr).toBe('');
		expect(set.code).toBe(0);
		const [fact] = await db.sql`select value from tool_facts where fact = 'vendor'`;
		expect(fact.value).toEqual(['Crew Site, Inc.']);
	});

	it('prints stored text through one escaper: control characters are shown, never obeyed', async () => {
		// Rows stored before the submit function refused them (record 0027).
		await suggest({
			what: 'name',
			new_text: 'Crew\u001b]52;c;ZXZpbA==\u0007Site',
			quote: 'Safe\u001b[2J\u001b]0;owned\u0007\nsource      https://evil.example/\u009b31m',
			email: 'x\u001b[8m@example.com',
		});
		const listed = await editor(['suggestions'], env);
		expect(listed.code).toBe(0);
		expect(listed.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
		expect(listed.stdout).toContain('Crew\\x1b]52;c;ZXZpbA==\\x07Site');
		expect(listed.stdout).toContain(
			'Safe\\x1b[2J\\x1b]0;owned\\x07\\nsource      https://evil.example/\\x9b31m',
		);
		expect(listed.stdout).not.toMatch(/^\s*source\s+https:\/\/evil/m);
	});

	it('declines with a reason, tells the suggester once, and changes nothing on the site', async () => {
		const id = await suggest({ fact: 'sso', value: ['yes'], email: 'bo@example.com' });
		expect((await editor(['decline', String(id)], env)).code).toBe(2);
		const declined = await editor(
			['decline', String(id), '--reason', 'The page says SSO is on the enterprise plan only.'],
			env,
		);
		expect(declined.code).toBe(0);
		const mails = await mailsTo('bo@example.com');
		expect(mails).toHaveLength(1);
		expect(await readFile(path.join(outbox, mails[0]), 'utf8')).toContain('enterprise plan only');
		expect((await editor(['decline', String(id), '--reason', 'again'], env)).code).toBe(4);
		expect(await mailsTo('bo@example.com')).toHaveLength(1);
		expect((await db.sql`select count(*)::int as n from tool_facts`)[0].n).toBe(0);
		expect(hook.calls).toHaveLength(0);
		expect((await editor(['accept', '999999'], env)).code).toBe(3);
		expect((await editor(['accept', 'x'], env)).code).toBe(2);
	});

	it('lists claims and revokes one, unmarking that person’s pending suggestions', async () => {
		const [claim] = await db.sql`insert into listing_claims (tool_id, email, confirmed_at)
			values (${toolId}, 'ann@crewsite.example.com', now()) returning id`;
		const id = await suggest({
			fact: 'sso',
			value: ['yes'],
			email: 'Ann@crewsite.example.com',
			vendor_stated: true,
		});
		const listed = await editor(['claims'], env);
		expect(listed.code).toBe(0);
		expect(listed.stdout).toMatch(/Crew Site.*ann@crewsite\.example\.com\s+confirmed/);
		const revoked = await editor(['claim', 'revoke', String(claim.id)], env);
		expect(revoked.code).toBe(0);
		expect(
			(await db.sql`select vendor_stated from tool_suggestions where id = ${id}`)[0].vendor_stated,
		).toBe(false);
		expect((await editor(['claim', 'revoke', String(claim.id)], env)).code).toBe(3);
		expect((await editor(['claim', 'forget', '1'], env)).code).toBe(2);
		expect((await editor(['claims'], env)).stdout).toMatch(/revoked/);
	});

	it('documents the commands in --help', async () => {
		const help = await editor(['--help'], {});
		for (const command of [
			'suggestions [--tool',
			'accept <id>',
			'decline <id> --reason',
			'claims',
			'claim revoke <id>',
		])
			expect(help.stdout).toContain(command);
	});
});
