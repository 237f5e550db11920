// "Stated by the vendor" only when the vendor stated it (record 0027): a correction that merely
// gives a confirmed claimant's address is an ordinary suggestion, shown to the editor as "e-mail
// not confirmed", and accepted as read, not as the vendor's. The address is mailed a signed link
// of its own; only its button, pressed from that mailbox, makes the correction the vendor's.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import type { Mail } from '../../src/lib/mail.server.ts';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { nextIp, postForm, postJson, testDeps } from './harness.ts';

const PATH = '/.netlify/functions/submit';
const SECRET = 'vendor-test-secret-vendor-test-secret-0123';
let db: TestDb;
let toolId: number;
let sent: Mail[];
let handle: ReturnType<typeof createSubmitHandler>;
let env: Record<string, string>;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;

/** The post: SOC 2 Type I "from" a claimant's address, which the sender does not hold. */
const forged = (email = 'JANE@autodesk.com', quote = 'Revit is SOC 2 Type I.') =>
	handle(
		postJson(PATH, {
			kind: 'correction',
			tool_id: toolId,
			what: 'soc2',
			value_soc2: 'type_1',
			source_url: 'https://www.autodesk.com/trust/overview',
			quote,
			email,
		}),
		{ ip: nextIp() },
	);
const suggestionRows = () =>
	db.sql`select id, vendor_stated, email_confirmed_at from tool_suggestions order by id`;
const lastLink = () => new URL(/https?:\/\/\S+/.exec(sent.at(-1)!.text)![0]);

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Revit', 'BIM', 'https://www.autodesk.com/products/revit', 'bim-design') returning id`;
	toolId = Number(tool.id);
	handle = createSubmitHandler(testDeps(db.sql), {
		config: () => ({ secret: SECRET, siteUrl: 'http://localhost:8888' }),
		mailer: async (mail) => void sent.push(mail),
	});
	hook = await fakeBuildHook(() => 200);
	env = editorEnv(db, {
		NETLIFY_BUILD_HOOK_URL: hook.url,
		OUTBOX_DIR: await mkdtemp(path.join(os.tmpdir(), 'contech-vendor-outbox-')),
	});
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});
beforeEach(async () => {
	sent = [];
	await db.sql`delete from tool_suggestions`;
	await db.sql`delete from tool_facts`;
	await db.sql`delete from listing_claims`;
	await db.sql`delete from rate_limits`;
	// Jane confirmed her claim on Revit earlier, from her own mailbox.
	await db.sql`insert into listing_claims (tool_id, email, confirmed_at)
		values (${toolId}, 'jane@autodesk.com', now())`;
});

describe('a correction from a claimant’s address', () => {
	it('without the mailbox’s confirmation is an ordinary suggestion: neither the editor nor the accepted fact says "stated by"', async () => {
		expect((await forged()).status).toBe(200);
		const [row] = await suggestionRows();
		expect(row).toMatchObject({ vendor_stated: false, email_confirmed_at: null });
		// The real Jane is asked; the sender never sees the link.
		expect(sent.map((mail) => mail.to)).toEqual(['JANE@autodesk.com']);
		expect(lastLink().searchParams.get('action')).toBe('suggestion');
		// The mail says what the link would confirm, so Jane does not confirm a stranger's words.
		expect(sent[0].text).toContain('SOC 2: SOC 2 Type I');
		expect(sent[0].text).toContain('Source: https://www.autodesk.com/trust/overview');
		expect(sent[0].text).toContain('“Revit is SOC 2 Type I.”');

		const listed = await editor(['suggestions', '--tool', 'Revit'], env);
		expect(listed.code).toBe(0);
		expect(listed.stdout).not.toMatch(/stated by/i);
		expect(listed.stdout).toContain('JANE@autodesk.com (e-mail not confirmed)');

		const accepted = await editor(['accept', String(row.id)], env);
		expect(accepted.stderr).toBe('');
		expect(accepted.code).toBe(0);
		expect(accepted.stdout).not.toMatch(/stated by/i);
		const [fact] = await db.sql`select origin from tool_facts where tool_id = ${toolId}`;
		// The page says "stated by {vendor}" only for origin 'vendor' (FactSources).
		expect(fact.origin).toBe('read');
	});

	it('confirmed from the mailbox is the vendor’s: GET shows a button and changes nothing, the POST confirms', async () => {
		await forged('jane@autodesk.com', 'Revit is SOC 2 Type II.');
		const link = lastLink();
		const page = await handle(new Request(link), { ip: nextIp() });
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('name="kind" value="suggestion_confirm"');
		expect((await suggestionRows())[0].vendor_stated).toBe(false);

		const token = link.searchParams.get('token')!;
		// A suggestion's token is not a claim's, nor the reverse; a changed one is refused.
		expect((await handle(postForm(PATH, { kind: 'claim_confirm', token }))).status).toBe(400);
		const changed = token.replace(/^s\.(\d+)\./, (_, id) => `s.${Number(id) + 1}.`);
		expect((await handle(postForm(PATH, { kind: 'suggestion_confirm', token: changed }))).status).toBe(400); // prettier-ignore
		expect((await suggestionRows())[0].vendor_stated).toBe(false);

		const confirmed = await handle(postForm(PATH, { kind: 'suggestion_confirm', token }), {
			ip: nextIp(),
		});
		expect(confirmed.status).toBe(303);
		expect(confirmed.headers.get('location')).toBe('/suggest/confirmed/');
		const [row] = await suggestionRows();
		expect(row.vendor_stated).toBe(true);
		expect(row.email_confirmed_at).not.toBeNull();
		const listed = await editor(['suggestions', '--tool', 'Revit'], env);
		expect(listed.stdout).toMatch(/stated by the vendor/);
		expect(listed.stdout).toContain('jane@autodesk.com (confirmed)');
		const accepted = await editor(['accept', String(row.id)], env);
		expect(accepted.code).toBe(0);
		const [fact] = await db.sql`select origin from tool_facts where tool_id = ${toolId}`;
		expect(fact.origin).toBe('vendor');
	});

	it('sends no link for an address without a claim, and a revoked claim unmarks a confirmed one', async () => {
		await forged('someone@example.com');
		expect(sent).toHaveLength(0);
		await forged('jane@autodesk.com', 'Revit is SOC 2 Type II.');
		await handle(postForm(PATH, { kind: 'suggestion_confirm', token: lastLink().searchParams.get('token')! })); // prettier-ignore
		expect((await suggestionRows()).map((row) => row.vendor_stated)).toEqual([false, true]);
		const [claim] = await db.sql`select id from listing_claims`;
		expect((await editor(['claim', 'revoke', String(claim.id)], env)).code).toBe(0);
		expect((await suggestionRows()).map((row) => row.vendor_stated)).toEqual([false, false]);
	});

	it('a row can never be the vendor’s without a confirmed e-mail (the database refuses it)', async () => {
		await forged();
		await expect(db.sql`update tool_suggestions set vendor_stated = true`).rejects.toThrow(
			/tool_suggestions_vendor_proved_mailbox/,
		);
	});
});
