// The two single messages through SMTP_URL to a real SMTP server on loopback: the sign-up's
// confirmation (the subscribe function's mailer) and the editor's "your tool is live" notice
// (the CLI as a process). Each is checked as the server received it, and its links are
// followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.server.ts';
import { createMailer } from '../../src/lib/mail.server.ts';
import { editor, editorEnv, fakeBuildHook, fakeSite } from '../editor/cli.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { newsletterFunction, subscriberRow } from '../newsletter/harness.ts';

const login = { user: 'site@contech.example', pass: 'correct horse battery staple' };
const FROM = 'ConTech Directory <hello@contech.example.com>';
let db: TestDb;
let server: TestSmtpServer;

beforeAll(async () => {
	[db, server] = await Promise.all([startTestDb(), startSmtpServer({ auth: login })]);
});
afterAll(async () => {
	await server?.close();
	await db?.stop();
});

/** The subscribe function's mailer, as newsletterDepsFromEnv makes it from this environment. */
function functionMailer(password = login.pass) {
	const { mail } = parseConfig(
		{
			SMTP_URL: server.url({ user: login.user, pass: password }),
			SMTP_CA_FILE: server.caFile,
			MAIL_FROM: FROM,
		},
		'functions',
	);
	return createMailer(mail, { timeoutMs: 3000 });
}

const received = (to: string) => server.messages.filter((m) => m.to.includes(to));

describe('the sign-up confirmation over SMTP', () => {
	it('arrives over STARTTLS with a login, a text part, one-click unsubscribe headers and working signed links', async () => {
		const mailer = functionMailer();
		const fn = newsletterFunction(db.sql, { mailer });
		const answer = await fn.signUp('Grace@Example.com');
		expect(answer.status).toBe(200);
		mailer.close?.();
		const [message] = received('grace@example.com');
		expect(message).toMatchObject({
			secure: true,
			user: login.user,
			from: 'hello@contech.example.com',
		});
		expect(message.headers.from).toBe(FROM);
		expect(message.headers.subject).toMatch(/confirm/i);
		expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
		const unsubscribe = /^<(.+)>$/.exec(message.headers['list-unsubscribe'].replace(/\s/g, ''))![1];
		const text = message.parsed.text ?? '';
		const confirm = /https?:\/\/\S+?action=confirm&token=[\w.-]+/.exec(text)?.[0];
		expect(confirm, text).toBeDefined();
		expect(message.parsed.html).toContain(confirm!.replace('&', '&amp;'));

		// The link as the server delivered it: a GET shows a button, the POST confirms.
		expect((await fn.open(confirm!)).status).toBe(200);
		expect((await subscriberRow(db.sql, 'grace@example.com')).status).toBe('unconfirmed');
		const done = await fn.open(confirm!, 'POST');
		expect(done.status).toBe(303);
		expect((await subscriberRow(db.sql, 'grace@example.com')).status).toBe('confirmed');
		// And the header's one-click unsubscribe (RFC 8058) works too.
		expect((await fn.oneClick(unsubscribe)).status).toBe(200);
		expect((await subscriberRow(db.sql, 'grace@example.com')).status).toBe('unsubscribed');
	});

	it('a refused login answers 503 and records nothing as sent; the next sign-up sends it', async () => {
		const wrong = functionMailer('wrong password');
		const failed = await newsletterFunction(db.sql, { mailer: wrong }).signUp('ida@example.com');
		wrong.close?.();
		expect(failed.status).toBe(503);
		expect(received('ida@example.com')).toHaveLength(0);
		expect((await subscriberRow(db.sql, 'ida@example.com')).confirmation_sent_at).toBeNull();

		const mailer = functionMailer();
		expect((await newsletterFunction(db.sql, { mailer }).signUp('ida@example.com')).status).toBe(
			200,
		);
		mailer.close?.();
		expect(received('ida@example.com')).toHaveLength(1);
	});
});

describe('"your tool is live" over SMTP', { timeout: 60_000 }, () => {
	let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
	let site: Awaited<ReturnType<typeof fakeSite>>;
	let env: Record<string, string>;
	beforeAll(async () => {
		hook = await fakeBuildHook(() => 200);
		site = await fakeSite(() => 200);
		env = editorEnv(db, {
			NETLIFY_BUILD_HOOK_URL: hook.url,
			SITE_URL: site.url,
			SMTP_URL: server.url(login),
			SMTP_CA_FILE: server.caFile,
			MAIL_FROM: FROM,
		});
	});
	afterAll(async () => {
		await hook?.close();
		await site?.close();
	});

	async function submission(name: string, email: string): Promise<number> {
		await db.sql`select * from submit_tool(${name}, ${`https://${name.toLowerCase().replace(/\W/g, '')}.example.com`}, ${email})`;
		const [row] = await db.sql`select id from new_app_submissions where name = ${name}`;
		return Number(row.id);
	}
	const approve = (id: number, extra: Record<string, string> = {}) =>
		editor(
			['approve', String(id), '--description', 'Crew time sheets.', '--category', 'workforce'],
			{ ...env, ...extra },
		);

	it('tells the submitter once, over STARTTLS with the login, with the live page in the text', async () => {
		const id = await submission('Timesheet Crew', 'crew@example.com');
		const { code, stdout, stderr } = await approve(id);
		expect(code, stdout + stderr).toBe(0);
		expect(stdout).toContain('Notified the submitter');
		const [tool] = await db.sql`select id from construction_apps where name = 'Timesheet Crew'`;
		const messages = received('crew@example.com');
		expect(messages).toHaveLength(1);
		const [message] = messages;
		expect(message).toMatchObject({ secure: true, user: login.user });
		expect(message.headers.subject).toBe('Timesheet Crew is now listed on ConTech Directory');
		expect(message.headers.from).toBe(FROM);
		expect(message.parsed.text).toContain(`${site.url}/app/${tool.id}/`);
	});

	it('a refused login keeps the notice waiting with the reason; notify --retry sends it once', async () => {
		const id = await submission('Concrete Logbook', 'logbook@example.com');
		const wrongLogin = server.url({ user: login.user, pass: 'expired' });
		const approved = await approve(id, { SMTP_URL: wrongLogin });
		expect(approved.code).toBe(7);
		const [row] =
			await db.sql`select notified_at, notify_error from new_app_submissions where id = ${id}`;
		expect(row.notified_at).toBeNull();
		expect(row.notify_error).toMatch(/535/);
		expect(received('logbook@example.com')).toHaveLength(0);

		const retried = await editor(['notify', '--retry'], env);
		expect(retried.code, retried.stdout + retried.stderr).toBe(0);
		expect(received('logbook@example.com')).toHaveLength(1);
		expect((await editor(['notify', '--retry'], env)).stdout).toMatch(/No notices waiting/);
		expect(received('logbook@example.com')).toHaveLength(1);
	});
});
