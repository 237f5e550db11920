// sendIssue's rules for what a mail server answers, with a scripted mailer throwing the
// MailErrors the SMTP mailer throws (tests/mail/newsletter-send.test.ts meets them for real):
// a server that stays unreachable stops the send, a message that may have arrived is never
// sent again by itself, and whatever a stopped send had claimed but not sent is pending again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseIssue } from '../../src/features/newsletter/issue.ts';
import { renderIssue } from '../../src/features/newsletter/render.server.tsx';
import { sendIssue, type SendOptions } from '../../src/features/newsletter/send.server.ts';
import { siteInfoOf } from '../../src/features/newsletter/site-info.ts';
import {
	embeddedNewsletterStore,
	type NewsletterStore,
} from '../../src/features/newsletter/store.server.ts';
import { parseConfig } from '../../src/lib/config.server.ts';
import { type Mail, MailError, type MailFailure } from '../../src/lib/mail.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

const config = { secret: 'test-secret-test-secret-test-secret-0123', siteUrl: 'https://x.example' };
let db: TestDb;
let store: NewsletterStore;

beforeAll(async () => {
	db = await startTestDb();
	store = embeddedNewsletterStore(db.sql);
	await db.sql`insert into newsletter_subscribers (email, source, consent_at, status, confirmed_at)
		select 'r' || n || '@example.com', 'test', now() - interval '2 days', 'confirmed', now() - interval '1 day'
		from generate_series(1, 20) n`;
});
afterAll(() => db?.stop());

let issueNumber = 0;
beforeEach(async () => {
	const issue = await store.startSend((await store.draft('outcomes')).number);
	issueNumber = issue.number;
});

/** A mailer that answers each message with `answer(to, call)`: null sends it. */
function scripted(answer: (to: string, call: number) => MailFailure | null) {
	const sent: string[] = [];
	let calls = 0;
	const mailer = async (mail: Mail) => {
		const kind = answer(mail.to, ++calls);
		if (kind) throw new MailError(`scripted ${kind}`, kind);
		sent.push(mail.to);
	};
	return { mailer, sent, calls: () => calls };
}

async function send(mailer: (mail: Mail) => Promise<void>, options: Partial<SendOptions> = {}) {
	const [issue] = await db.sql`select * from newsletter_issues where number = ${issueNumber}`;
	const rendered = await renderIssue(
		parseIssue(issue),
		siteInfoOf(parseConfig({ SITE_URL: config.siteUrl }, 'editor')),
	);
	return sendIssue(store, mailer, config, issueNumber, rendered, {
		retry: false,
		ratePerSecond: 0,
		concurrency: 4,
		retryBackoffMs: 10,
		...options,
	});
}

const rows = async () =>
	db.sql`select status, count(*)::int from newsletter_deliveries where issue_number = ${issueNumber} group by status order by status`;

describe('sendIssue and the mail server', () => {
	it('a server that stays unreachable stops the send and leaves nobody claimed', async () => {
		const script = scripted(() => 'connection');
		const report = await send(script.mailer);
		expect(report).toMatchObject({ haltedBy: 'unreachable', sentNow: 0, failed: 0 });
		expect(report.connectionsLost).toBeGreaterThanOrEqual(4);
		expect(await rows()).toEqual([]);
		// The next run sends everyone.
		const next = scripted(() => null);
		expect((await send(next.mailer)).sentNow).toBe(20);
		expect(next.sent).toHaveLength(20);
	});

	it('a message that may have arrived is failed at once and left for --retry', async () => {
		const script = scripted((to) => (to === 'r3@example.com' ? 'unknown' : null));
		const report = await send(script.mailer);
		expect(report).toMatchObject({ sentNow: 19, failed: 1 });
		expect(script.calls()).toBe(20);
		const [row] =
			await db.sql`select d.status, d.error from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
			where d.issue_number = ${issueNumber} and s.email = 'r3@example.com'`;
		expect(row.status).toBe('failed');
		expect(row.error).toMatch(/may or may not have arrived/);
	});

	it('Ctrl+C gives back what was claimed and not sent, and the next send takes it', async () => {
		const stop = new AbortController();
		const script = scripted((_to, call) => {
			if (call === 3) stop.abort();
			return null;
		});
		const report = await send(script.mailer, { signal: stop.signal, concurrency: 1 });
		expect(report).toMatchObject({ stopped: true, sentNow: 3, failed: 0 });
		expect(await rows()).toEqual([{ status: 'sent', count: 3 }]);
		const rest = scripted(() => null);
		expect((await send(rest.mailer)).sentNow).toBe(17);
		expect(new Set([...script.sent, ...rest.sent]).size).toBe(20);
	});
});
