// The newsletter store on both backends: the embedded database for real (states, deliveries,
// privileges), and Supabase through supabase-js with a fetch double (the rpc calls it makes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	embeddedNewsletterStore,
	type NewsletterStore,
	supabaseNewsletterStore,
} from '../../src/features/newsletter/store.server.ts';
import { supabaseClient } from '../../src/lib/store/supabase.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let store: NewsletterStore;
const limit = { bucket: 'subscribe', clientHash: 'c'.repeat(32), max: 100, windowSeconds: 3600 };

beforeAll(async () => {
	db = await startTestDb();
	store = embeddedNewsletterStore(db.sql);
});
afterAll(() => db?.stop());

const asRole = <T>(role: string, query: string) =>
	db.sql.begin(async (tx) => {
		await tx.unsafe(`set local role ${role}`);
		return tx.unsafe(query) as unknown as Promise<T>;
	});

describe('embedded newsletter store', () => {
	it('moves a subscriber unconfirmed → confirmed → unsubscribed, keeping the consent record', async () => {
		const signUp = await store.signUp('state@example.com', 'site', limit, 3600);
		expect(signUp.outcome).toBe('send');
		if (signUp.outcome !== 'send') return;
		expect(await store.confirm(signUp.subscriberId, signUp.consentMs + 1)).toBe('invalid');
		expect(await store.confirm(signUp.subscriberId, signUp.consentMs)).toBe('confirmed');
		const [confirmed] = await store.confirmedSubscribers();
		expect(confirmed).toMatchObject({ email: 'state@example.com', source: 'site' });
		expect(confirmed.confirmedAt.getTime()).toBeGreaterThanOrEqual(confirmed.consentAt.getTime());
		expect(await store.unsubscribe(signUp.subscriberId)).toBe('unsubscribed');
		expect(await store.unsubscribe(signUp.subscriberId)).toBe('already');
		expect(await store.confirmedSubscribers()).toEqual([]);
		expect(await store.unsubscribe(999_999)).toBe('invalid');
	});

	it('claims each delivery once, even for two runs at the same time', async () => {
		await db.sql`insert into newsletter_subscribers (email, source, status, confirmed_at)
			select 'claim-' || n || '@example.com', 'test', 'confirmed', now() - interval '1 hour'
			from generate_series(1, 50) n`;
		const issue = await store.draft('');
		await store.startSend(issue.number);
		const [a, b] = await Promise.all([
			store.claimDeliveries(issue.number, 40, null),
			store.claimDeliveries(issue.number, 40, null),
		]);
		const ids = [...a, ...b].map((r) => r.subscriberId);
		expect(ids).toHaveLength(50);
		expect(new Set(ids).size).toBe(50);
		await store.recordDeliveries(issue.number, ids.slice(0, 45), [
			{ subscriberId: ids[45], error: 'mailbox full' },
		]);
		expect(await store.deliveryCounts(issue.number)).toEqual({
			sent: 45,
			failed: 1,
			sending: 4,
			pending: 0,
			bounced: 0,
		});
		expect(await store.failStale(issue.number, 0)).toBe(4);
		expect(await store.claimDeliveries(issue.number, 100, null)).toEqual([]);
		expect(
			await store.claimDeliveries(issue.number, 100, new Date(Date.now() + 60_000)),
		).toHaveLength(5);
	});

	it('records a bounce on the subscription: no more issues, out of the export, back with a new sign-up', async () => {
		const signUp = await store.signUp('gone@example.com', 'site', limit, 3600);
		if (signUp.outcome !== 'send') throw new Error('expected a confirmation');
		await store.confirm(signUp.subscriberId, signUp.consentMs);
		const issue = await store.startSend((await store.draft('bounces')).number);
		const claimed = await store.claimDeliveries(issue.number, 100, null);
		expect(claimed.map((r) => r.email)).toContain('gone@example.com');
		const others = claimed.filter((r) => r.subscriberId !== signUp.subscriberId);
		await store.recordDeliveries(
			issue.number,
			others.map((r) => r.subscriberId),
			[],
		);
		await store.recordBounces(issue.number, [
			{ subscriberId: signUp.subscriberId, reason: '550 5.1.1 No such mailbox' },
		]);
		expect(await store.deliveryCounts(issue.number)).toMatchObject({ bounced: 1, sending: 0 });
		const [row] =
			await db.sql`select status, bounced_at, bounce_reason from newsletter_subscribers where id = ${signUp.subscriberId}`;
		expect(row).toMatchObject({ status: 'bounced', bounce_reason: '550 5.1.1 No such mailbox' });
		expect(row.bounced_at).not.toBeNull();
		const [delivery] =
			await db.sql`select status, error from newsletter_deliveries where issue_number = ${issue.number} and subscriber_id = ${signUp.subscriberId}`;
		expect(delivery).toMatchObject({ status: 'bounced', error: '550 5.1.1 No such mailbox' });
		// No later issue, no retry, no export, and the old confirmation link confirms nothing.
		const next = await store.startSend((await store.draft('after the bounce')).number);
		const nextClaimed = await store.claimDeliveries(
			next.number,
			100,
			new Date(Date.now() + 60_000),
		);
		expect(nextClaimed.map((r) => r.email)).not.toContain('gone@example.com');
		await store.recordDeliveries(
			next.number,
			nextClaimed.map((r) => r.subscriberId),
			[],
		);
		expect((await store.confirmedSubscribers()).map((s) => s.email)).not.toContain(
			'gone@example.com',
		);
		expect(await store.confirm(signUp.subscriberId, signUp.consentMs)).toBe('invalid');
		// A new sign-up sends a confirmation again: the address may work now.
		const again = await store.signUp('gone@example.com', 'site', limit, 3600);
		expect(again.outcome).toBe('send');
		if (again.outcome !== 'send') return;
		expect(await store.confirm(again.subscriberId, again.consentMs)).toBe('confirmed');
	});

	it('snapshots the newest 50 changes since the last sent issue that anon may read, and counts the rest', async () => {
		const sent = await store.startSend((await store.draft('before the changes')).number);
		const [live, hidden] = await db.sql`insert into construction_apps (name, url, category, status)
			values ('Snapshot Live', 'https://snapshot-live.example', 'estimating', 'live'),
				('Snapshot Hidden', 'https://snapshot-hidden.example', 'estimating', 'unpublished')
			returning id`;
		// Rows as the triggers write them: 54 about the live tool (its publication among them), one
		// about a tool that is not live, and one from before the sent issue.
		await db.sql`insert into published_changes (kind, tool_id, tool_name, fact, value)
			select 'fact_set', ${live.id}, 'Snapshot Live', 'platforms', '{web}' from generate_series(1, 53)`;
		await db.sql`insert into published_changes (kind, tool_id, tool_name, fact, value)
			values ('fact_set', ${hidden.id}, 'Snapshot Hidden', 'platforms', '{web}')`;
		await db.sql`insert into published_changes (changed_at, kind, tool_id, tool_name)
			values (${sent.coversUntil}::timestamptz - interval '1 second', 'tool_published', ${live.id}, 'Snapshot Before')`;
		const issue = await store.draft('with changes');
		expect(issue.changes).toHaveLength(50);
		expect(issue.changesMore).toBe(4);
		const [{ newest }] = await db.sql`select max(id)::int as newest from published_changes`;
		expect(issue.changes[0]).toMatchObject({ id: newest - 2, kind: 'fact_set' });
		const ids = issue.changes.map((change) => change.id);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		const names = issue.changes.map((change) => change.toolName);
		expect(names).not.toContain('Snapshot Hidden');
		expect(names).not.toContain('Snapshot Before');
	});

	it('keeps both rows of a fact replaced at the 50th change, shown as one change', async () => {
		await store.startSend((await store.draft('before the replacement')).number);
		const [tool] = await db.sql`insert into construction_apps (name, url, category, status)
			values ('Replaced Fact', 'https://replaced-fact.example', 'estimating', 'live') returning id`;
		// An editor's `set` in one transaction (the same changed_at): removed, then set.
		await db.sql.begin(async (tx) => {
			await tx`insert into published_changes (kind, tool_id, tool_name, fact, previous_value)
				values ('fact_removed', ${tool.id}, 'Replaced Fact', 'platforms', '{web}')`;
			await tx`insert into published_changes (kind, tool_id, tool_name, fact, value)
				values ('fact_set', ${tool.id}, 'Replaced Fact', 'platforms', '{ios}')`;
		});
		await db.sql`insert into published_changes (kind, tool_id, tool_name, fact, value)
			select 'fact_set', ${tool.id}, 'Replaced Fact', 'offline', '{full}' from generate_series(1, 49)`;
		// Newest first: 49 facts, the replacement's "set" 50th, its "removed" 51st, the publication.
		const issue = await store.draft('');
		expect(issue.changesMore).toBe(1);
		expect(issue.changes).toHaveLength(50);
		expect(issue.changes.at(-1)).toMatchObject({
			kind: 'fact_changed',
			fact: 'platforms',
			value: ['ios'],
			previousValue: ['web'],
		});
	});

	it('lets anon read sent issues only, and nothing of subscribers or deliveries', async () => {
		await store.draft('a draft nobody may read');
		const issues = await asRole<{ number: number; sent_at: Date | null }[]>(
			'anon',
			'select number, sent_at from newsletter_issues',
		);
		expect(issues.length).toBeGreaterThan(0);
		expect(issues.every((issue) => issue.sent_at !== null)).toBe(true);
		await expect(asRole('anon', 'select * from newsletter_subscribers')).rejects.toThrow(
			/permission denied/,
		);
		await expect(asRole('anon', 'select * from newsletter_deliveries')).rejects.toThrow(
			/permission denied/,
		);
		await expect(asRole('anon', "update newsletter_issues set intro = 'x'")).rejects.toThrow(
			/permission denied/,
		);
	});

	it.each([
		"select * from newsletter_sign_up('b', 'cccccccccccccccccccccccccccccccc', 3600, 5, 'x@example.com', 's')",
		'select newsletter_confirm(1, 1)',
		'select newsletter_unsubscribe(1)',
		'select * from newsletter_confirmed_subscribers()',
		"select * from newsletter_draft('')",
		'select * from newsletter_claim_deliveries(1, 10)',
		"select newsletter_record_bounces(1, '{}', '{}')",
		"select newsletter_release_deliveries(1, '{}')",
		'select * from newsletter_delivery_counts(1)',
	])('refuses anon and authenticated: %s', async (query) => {
		for (const role of ['anon', 'authenticated'])
			await expect(asRole(role, query)).rejects.toThrow(/permission denied/);
		await expect(asRole('service_role', query)).resolves.toBeDefined();
	});
});

describe('Supabase newsletter store', () => {
	function fakeSupabase(answers: unknown[]) {
		const seen: { path: string; body: unknown; apikey: string | null }[] = [];
		const fetchDouble: typeof fetch = async (input, init) => {
			const request = new Request(input, init);
			const text = await request.text();
			seen.push({
				path: new URL(request.url).pathname,
				body: text ? JSON.parse(text) : null,
				apikey: request.headers.get('apikey'),
			});
			return Response.json(answers.shift() ?? null);
		};
		return {
			store: supabaseNewsletterStore(
				supabaseClient('https://demo.supabase.co', 'sb_secret_test', fetchDouble),
			),
			seen,
		};
	}

	it('signs up through one rpc call with the rate limit and the resend interval', async () => {
		const { store: remote, seen } = fakeSupabase([
			[{ outcome: 'send', retry_after: null, subscriber_id: 7, consent_ms: 1795444934985 }],
		]);
		expect(await remote.signUp('a@example.com', 'site', limit, 3600)).toEqual({
			outcome: 'send',
			subscriberId: 7,
			consentMs: 1795444934985,
		});
		expect(seen).toEqual([
			{
				path: '/rest/v1/rpc/newsletter_sign_up',
				apikey: 'sb_secret_test',
				body: {
					p_bucket: 'subscribe',
					p_client_hash: 'c'.repeat(32),
					p_window_seconds: 3600,
					p_max_hits: 100,
					p_email: 'a@example.com',
					p_source: 'site',
					p_resend_seconds: 3600,
				},
			},
		]);
	});

	it('confirms, claims and records deliveries with the same functions as the embedded store', async () => {
		const { store: remote, seen } = fakeSupabase([
			'confirmed',
			[{ subscriber_id: 3, email: 'r@example.com' }],
			null,
		]);
		expect(await remote.confirm(3, 42)).toBe('confirmed');
		expect(await remote.claimDeliveries(2, 100, null)).toEqual([
			{ subscriberId: 3, email: 'r@example.com' },
		]);
		await remote.recordDeliveries(2, [3], [{ subscriberId: 4, error: 'bounced' }]);
		expect(seen.map((s) => [s.path, s.body])).toEqual([
			['/rest/v1/rpc/newsletter_confirm', { p_subscriber_id: 3, p_consent_ms: 42 }],
			[
				'/rest/v1/rpc/newsletter_claim_deliveries',
				{ p_number: 2, p_limit: 100, p_retry_before: null },
			],
			[
				'/rest/v1/rpc/newsletter_record_deliveries',
				{ p_number: 2, p_sent: [3], p_failed: [4], p_errors: ['bounced'] },
			],
		]);
	});

	it('reports a Supabase error instead of guessing', async () => {
		const seen: string[] = [];
		const failing: typeof fetch = async (input) => {
			seen.push(String(input));
			return Response.json(
				{ message: 'permission denied for function newsletter_draft' },
				{ status: 403 },
			);
		};
		const remote = supabaseNewsletterStore(
			supabaseClient('https://demo.supabase.co', 'wrong', failing),
		);
		await expect(remote.draft('')).rejects.toThrow(
			/Supabase newsletter_draft failed: permission denied/,
		);
		expect(seen).toHaveLength(1);
	});
});
