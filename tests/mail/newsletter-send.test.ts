// `newsletter send` through SMTP_URL to a real SMTP server on loopback, as an editor runs it
// (the CLI as a process): a few hundred subscribers over the pool at a rate, with what mail
// servers answer (a login refused, recipients deferred, one refused for good, a connection
// dropped mid-send). Every message is checked as the server received it, and its links work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';
import { TEST_SITE } from '../functions/harness.ts';
import {
	type ReceivedMessage,
	startSmtpServer,
	type TestSmtpServer,
} from '../helpers/smtp-server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { newsletterFunction, subscriberRow } from '../newsletter/harness.ts';

const login = { user: 'newsletter@contech.example', pass: 's3cret/with:odd@chars' };
const SUBSCRIBERS = 300;
const RATE = 150;
let db: TestDb;
let server: TestSmtpServer;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let env: Record<string, string>;

const reader = (n: number) => `reader-${n}@example.com`;
const to = (address: string, messages = server.messages) =>
	messages.filter((m) => m.to.includes(address));

async function tool(name: string) {
	await db.sql`insert into construction_apps (name, url, description, category, status, published_at)
		values (${name}, ${`https://${name.toLowerCase().replace(/\W/g, '')}.example.com`}, ${`${name} does one thing well.`},
			'scheduling', 'live', now() - interval '1 minute')`;
}

beforeAll(async () => {
	[db, server, hook] = await Promise.all([
		startTestDb(),
		startSmtpServer({ auth: login }),
		fakeBuildHook(() => 200),
	]);
	await db.sql`update construction_apps set published_at = now() - interval '60 days'`;
	await db.sql`update tool_integrations set created_at = now() - interval '60 days'`;
	await db.sql`insert into newsletter_subscribers (email, source, consent_at, status, confirmed_at)
		select 'reader-' || n || '@example.com', 'test', now() - interval '2 days', 'confirmed', now() - interval '1 day'
		from generate_series(1, ${SUBSCRIBERS}) n`;
	env = editorEnv(db, {
		NETLIFY_BUILD_HOOK_URL: hook.url,
		// The links are signed as the subscribe function's test deps check them.
		SITE_URL: TEST_SITE,
		NEWSLETTER_SECRET: 'test-secret-test-secret-test-secret-0123',
		MAIL_FROM: 'ConTech Directory <newsletter@contech.example.com>',
		SMTP_URL: server.url(login),
		SMTP_CA_FILE: server.caFile,
		NEWSLETTER_RETRY_BACKOFF_MS: '100',
	});
});
afterAll(async () => {
	await hook?.close();
	await server?.close();
	await db?.stop();
});

describe('newsletter send over SMTP', { timeout: 120_000 }, () => {
	it('a refused or missing login stops the send before any message: nobody is left claimed', async () => {
		await tool('Login Check Tool');
		expect((await editor(['newsletter', 'draft'], env)).code).toBe(0);
		// A wrong password: the login before the send fails, and the issue is not even frozen.
		const wrong = await editor(['newsletter', 'send'], {
			...env,
			SMTP_URL: server.url({ user: login.user, pass: 'wrong' }),
		});
		expect(wrong.code, wrong.stderr).toBe(5);
		expect(wrong.stderr).toMatch(/The mail server refused the connection .*535/);
		expect(wrong.stderr).toContain('Nothing was sent');
		const [draft] = await db.sql`select sent_at from newsletter_issues where number = 1`;
		expect(draft.sent_at).toBeNull();
		// No login at all: the server says so (530) at the first message; the claims go back.
		const none = await editor(['newsletter', 'send'], { ...env, SMTP_URL: server.url() });
		expect(none.code, none.stdout + none.stderr).toBe(5);
		expect(none.stderr).toMatch(/The send stopped early: .*530 Authentication required/);
		expect(none.stderr).toContain('Check SMTP_URL');
		const [{ count }] = await db.sql`select count(*)::int from newsletter_deliveries`;
		expect(count).toBe(0);
		expect(server.messages).toHaveLength(0);
		expect(server.refused.auth).toBeGreaterThanOrEqual(1);
		expect(server.refused.unauthenticated).toBeGreaterThanOrEqual(1);
	});

	it(`sends ${SUBSCRIBERS} subscribers one message each through the pool at the rate, through deferrals, a bounce and a dropped connection`, async () => {
		const deferredOnce = new Set([reader(7), reader(299)]);
		server.behave({
			auth: login,
			rcpt: (address, tries) => {
				if (address === reader(42)) return { code: 550, message: '5.1.1 No such mailbox here' };
				if (deferredOnce.has(address) && tries === 1)
					return { code: 451, message: '4.7.1 Greylisted, try again later' };
				if (address === reader(150) && tries <= 2)
					return { code: 452, message: '4.2.2 Mailbox over quota, try again later' };
				return null;
			},
			dropAfter: 100,
		});
		const started = Date.now();
		const { code, stdout, stderr } = await editor(
			['newsletter', 'send', '--rate', String(RATE)],
			env,
		);
		const elapsed = Date.now() - started;
		expect(code, stdout + stderr).toBe(0);

		// What the editor says.
		expect(stdout).toContain(
			`Issue #1: ${SUBSCRIBERS - 1} of ${SUBSCRIBERS} sent, 0 failed, 1 bounced`,
		);
		expect(stdout).toContain(
			`Mail server ${server.host}:${server.port}: ${SUBSCRIBERS - 1} accepted, 3 deferred (3 accepted on a later try, 0 not), 1 bounced.`,
		);
		expect(stdout).toMatch(/1 address was refused for good: marked bounced/);
		expect(stdout).toMatch(/connection to the mail server was lost 1 time; the send went on/);

		// What the server received: everyone but the bounced address, exactly once.
		const messages = server.messages;
		expect(server.dropped).toBe(1);
		expect(messages).toHaveLength(SUBSCRIBERS - 1);
		const counts = new Map<string, number>();
		for (const message of messages)
			for (const rcpt of message.to) counts.set(rcpt, (counts.get(rcpt) ?? 0) + 1);
		expect(counts.size).toBe(SUBSCRIBERS - 1);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(counts.has(reader(42))).toBe(false);
		expect(server.rcptTries.get(reader(7))).toBe(2);
		expect(server.rcptTries.get(reader(150))).toBe(3);
		// The pool reuses a few connections; the rate spaces the messages.
		expect(new Set(messages.map((m) => m.session)).size).toBeLessThan(messages.length / 10);
		expect(elapsed).toBeGreaterThanOrEqual(((SUBSCRIBERS - 2) / RATE) * 1000);
		expect(messages.every((m) => m.secure && m.user === login.user)).toBe(true);

		// Each message as received: headers, a text part beside the HTML, its own signed link.
		const links = new Set<string>();
		for (const message of messages) {
			const { headers, parsed } = message;
			expect(headers.from).toBe('ConTech Directory <newsletter@contech.example.com>');
			expect(headers.subject).toBe('ConTech Directory weekly #1: 1 new tool');
			expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
			expect(headers['content-type']).toMatch(/^multipart\/alternative/);
			const link = /^<(.+)>$/.exec(headers['list-unsubscribe'].replace(/\s/g, ''))![1];
			expect(link).toMatch(/\/\.netlify\/functions\/subscribe\?action=unsubscribe&token=u\./);
			expect(parsed.text).toContain('Login Check Tool');
			expect(parsed.text).toContain(link);
			expect(parsed.html).toContain(link.replace('&', '&amp;'));
			links.add(link);
		}
		expect(links.size).toBe(messages.length);

		// The links work: one-click from the header, and the text's link (GET page, POST acts).
		const fn = newsletterFunction(db.sql);
		const linkOf = (message: ReceivedMessage) =>
			/^<(.+)>$/.exec(message.headers['list-unsubscribe'].replace(/\s/g, ''))![1];
		expect((await fn.oneClick(linkOf(to(reader(7))[0]))).status).toBe(200);
		expect((await subscriberRow(db.sql, reader(7))).status).toBe('unsubscribed');
		const textLink = linkOf(to(reader(8))[0]);
		expect((await fn.open(textLink)).status).toBe(200);
		expect((await subscriberRow(db.sql, reader(8))).status).toBe('confirmed');
		expect((await fn.open(textLink, 'POST')).status).toBe(303);
		expect((await subscriberRow(db.sql, reader(8))).status).toBe('unsubscribed');

		// The bounce is on the subscription and the delivery.
		const bounced = await subscriberRow(db.sql, reader(42));
		expect(bounced.status).toBe('bounced');
		expect(bounced.bounce_reason).toMatch(/550 5\.1\.1 No such mailbox here/);
		const [delivery] =
			await db.sql`select d.status from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
			where d.issue_number = 1 and s.email = ${reader(42)}`;
		expect(delivery.status).toBe('bounced');

		// Sent again: nothing more.
		const again = await editor(['newsletter', 'send'], env);
		expect(again.code).toBe(0);
		expect(again.stdout).toContain('Nothing to send');
		expect(server.messages).toHaveLength(SUBSCRIBERS - 1);
	});

	it('a deferral that outlasts the send is failed for --retry, which delivers it once; the bounced address gets no more issues', async () => {
		await tool('Second Week Tool');
		expect((await editor(['newsletter', 'draft'], env)).code).toBe(0);
		let busy = 0;
		server.behave({
			auth: login,
			rcpt: (address) =>
				address === reader(9) && ++busy <= 4
					? { code: 450, message: '4.2.1 Mailbox busy, try again later' }
					: null,
		});
		const before = server.messages.length;
		const first = await editor(['newsletter', 'send'], env);
		expect(first.code, first.stdout + first.stderr).toBe(7);
		const everyone = SUBSCRIBERS - 3; // bounced reader-42, unsubscribed reader-7 and reader-8
		expect(first.stdout).toContain(`Issue #2: ${everyone - 1} of ${everyone} sent, 1 failed`);
		expect(first.stdout).toContain('1 deferred (0 accepted on a later try, 1 not)');
		expect(first.stderr).toContain('newsletter send --retry');
		expect(busy).toBe(4);
		const [failed] =
			await db.sql`select d.status, d.error from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
			where d.issue_number = 2 and s.email = ${reader(9)}`;
		expect(failed.status).toBe('failed');
		expect(failed.error).toMatch(/450 4\.2\.1 Mailbox busy.*tried 4 times/);

		const retried = await editor(['newsletter', 'send', '--retry'], env);
		expect(retried.code, retried.stdout + retried.stderr).toBe(0);
		const issue2 = server.messages.slice(before);
		expect(issue2).toHaveLength(everyone);
		expect(to(reader(9), issue2)).toHaveLength(1);
		for (const gone of [reader(42), reader(7), reader(8)]) expect(to(gone, issue2)).toHaveLength(0);
	});
});
