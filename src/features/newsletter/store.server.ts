import type { SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from '../../lib/store/embedded.server.ts';
import type { RateLimit, RateLimited } from '../../lib/store/types.ts';
import { type Issue, parseIssue } from './issue.ts';

// The newsletter's writes and reads with the server's privileges. Every operation is one
// database function (supabase/migrations/*_newsletter_*.sql), so the embedded
// backend and Supabase (supabase-js rpc) behave identically.

export type SignUpOutcome =
	{ outcome: 'send'; subscriberId: number; consentMs: number } | { outcome: 'quiet' } | RateLimited;

export interface ConfirmedSubscriber {
	email: string;
	source: string;
	consentAt: Date;
	confirmedAt: Date;
}

export interface Recipient {
	subscriberId: number;
	email: string;
}

export interface DeliveryCounts {
	sent: number;
	failed: number;
	/** Claimed by a run that has not reported back (in progress, or interrupted). */
	sending: number;
	/** Confirmed subscribers with no delivery yet. */
	pending: number;
	/** Refused for good by the mail server: those subscriptions are now bounced. */
	bounced: number;
}

export interface NewsletterStore {
	signUp(
		email: string,
		source: string,
		limit: RateLimit,
		resendSeconds: number,
	): Promise<SignUpOutcome>;
	confirmationFailed(subscriberId: number): Promise<void>;
	confirm(subscriberId: number, consentMs: number): Promise<'confirmed' | 'already' | 'invalid'>;
	unsubscribe(subscriberId: number): Promise<'unsubscribed' | 'already' | 'invalid'>;
	confirmedSubscribers(): Promise<ConfirmedSubscriber[]>;
	purgeUnconfirmed(): Promise<number>;
	draft(intro: string): Promise<Issue>;
	currentIssue(): Promise<Issue | null>;
	startSend(number: number): Promise<Issue>;
	/** New deliveries, and with `retryBefore` the ones that failed before that time. */
	claimDeliveries(number: number, limit: number, retryBefore: Date | null): Promise<Recipient[]>;
	recordDeliveries(
		number: number,
		sent: number[],
		failed: { subscriberId: number; error: string }[],
	): Promise<void>;
	/** Claimed deliveries the server refused for good; their subscriptions become bounced. */
	recordBounces(number: number, bounced: { subscriberId: number; reason: string }[]): Promise<void>;
	/** Claimed deliveries whose messages never left: pending again. */
	releaseDeliveries(number: number, subscriberIds: number[]): Promise<void>;
	deliveryCounts(number: number): Promise<DeliveryCounts>;
	failStale(number: number, olderThanSeconds: number): Promise<number>;
	close(): Promise<void>;
}

type Row = Record<string, unknown>;
/** Calls one database function with named arguments; the rows it returns. */
type Call = (name: string, args: Record<string, unknown>) => Promise<Row[]>;

function storeOver(call: Call, close: () => Promise<void>): NewsletterStore {
	const one = async (name: string, args: Record<string, unknown> = {}) =>
		(await call(name, args))[0];
	const scalar = async (name: string, args: Record<string, unknown>) =>
		Object.values((await one(name, args)) ?? {})[0];
	const issueFrom = (rows: Row[]) => (rows.length ? parseIssue(rows[0]) : null);
	return {
		async signUp(email, source, limit, resendSeconds) {
			const row = await one('newsletter_sign_up', {
				p_bucket: limit.bucket,
				p_client_hash: limit.clientHash,
				p_window_seconds: limit.windowSeconds,
				p_max_hits: limit.max,
				p_email: email,
				p_source: source,
				p_resend_seconds: resendSeconds,
			});
			if (row.outcome === 'rate_limited')
				return { outcome: 'rate_limited', retryAfterSeconds: Number(row.retry_after) };
			// The form's ceiling for all clients together (20261125030000_newsletter_sign_up_ceiling.sql).
			if (row.outcome === 'busy')
				return {
					outcome: 'rate_limited',
					retryAfterSeconds: Number(row.retry_after),
					everyone: true,
				};
			if (row.outcome === 'quiet') return { outcome: 'quiet' };
			if (row.outcome === 'send')
				return {
					outcome: 'send',
					subscriberId: Number(row.subscriber_id),
					consentMs: Number(row.consent_ms),
				};
			throw new Error(`newsletter_sign_up returned an unknown outcome: ${String(row.outcome)}`);
		},
		async confirmationFailed(subscriberId) {
			await call('newsletter_confirmation_failed', { p_subscriber_id: subscriberId });
		},
		confirm: async (subscriberId, consentMs) =>
			(await scalar('newsletter_confirm', {
				p_subscriber_id: subscriberId,
				p_consent_ms: consentMs,
			})) as 'confirmed',
		unsubscribe: async (subscriberId) =>
			(await scalar('newsletter_unsubscribe', { p_subscriber_id: subscriberId })) as 'unsubscribed',
		async confirmedSubscribers() {
			return (await call('newsletter_confirmed_subscribers', {})).map((row) => ({
				email: String(row.email),
				source: String(row.source),
				consentAt: new Date(row.consent_at as string),
				confirmedAt: new Date(row.confirmed_at as string),
			}));
		},
		purgeUnconfirmed: async () => Number(await scalar('newsletter_purge_unconfirmed', {})),
		draft: async (intro) => parseIssue(await one('newsletter_draft', { p_intro: intro })),
		currentIssue: async () => issueFrom(await call('newsletter_current_issue', {})),
		startSend: async (number) =>
			parseIssue(await one('newsletter_start_send', { p_number: number })),
		async claimDeliveries(number, limit, retryBefore) {
			const rows = await call('newsletter_claim_deliveries', {
				p_number: number,
				p_limit: limit,
				p_retry_before: retryBefore?.toISOString() ?? null,
			});
			return rows.map((row) => ({
				subscriberId: Number(row.subscriber_id),
				email: String(row.email),
			}));
		},
		async recordDeliveries(number, sent, failed) {
			await call('newsletter_record_deliveries', {
				p_number: number,
				p_sent: sent,
				p_failed: failed.map((f) => f.subscriberId),
				p_errors: failed.map((f) => f.error),
			});
		},
		async recordBounces(number, bounced) {
			if (!bounced.length) return;
			await call('newsletter_record_bounces', {
				p_number: number,
				p_subscriber_ids: bounced.map((b) => b.subscriberId),
				p_reasons: bounced.map((b) => b.reason),
			});
		},
		async releaseDeliveries(number, subscriberIds) {
			if (!subscriberIds.length) return;
			await call('newsletter_release_deliveries', {
				p_number: number,
				p_subscriber_ids: subscriberIds,
			});
		},
		async deliveryCounts(number) {
			const row = await one('newsletter_delivery_counts', { p_number: number });
			return {
				sent: Number(row.sent),
				failed: Number(row.failed),
				sending: Number(row.sending),
				pending: Number(row.pending),
				bounced: Number(row.bounced),
			};
		},
		failStale: async (number, seconds) =>
			Number(await scalar('newsletter_fail_stale', { p_number: number, p_seconds: seconds })),
		close,
	};
}

// Argument types the embedded call casts to, so postgres.js sends arrays and nulls right.
const ARRAY_TYPES: Record<string, string> = {
	p_sent: 'bigint[]',
	p_failed: 'bigint[]',
	p_errors: 'text[]',
	p_subscriber_ids: 'bigint[]',
	p_reasons: 'text[]',
};

/** The embedded database, connected as its owner (the equivalent of the secret key). */
export function embeddedNewsletterStore(sql: Sql, ownsConnection = false): NewsletterStore {
	const call: Call = async (name, args) => {
		const names = Object.keys(args);
		const params = names.map((key, index) =>
			ARRAY_TYPES[key] ? `${key} => $${index + 1}::${ARRAY_TYPES[key]}` : `${key} => $${index + 1}`,
		);
		const values = names.map((key) => args[key]) as never[];
		return sql.unsafe(`select * from public.${name}(${params.join(', ')})`, values);
	};
	return storeOver(call, async () => {
		if (ownsConnection) await sql.end({ timeout: 5 });
	});
}

/** Supabase through supabase-js with the secret key (server only). */
export function supabaseNewsletterStore(client: SupabaseClient): NewsletterStore {
	const call: Call = async (name, args) => {
		const { data, error } = await client.rpc(name, args);
		if (error) throw new Error(`Supabase ${name} failed: ${error.message}`);
		if (data == null) return [];
		return (Array.isArray(data) ? data : [{ [name]: data }]) as Row[];
	};
	return storeOver(call, async () => {});
}
