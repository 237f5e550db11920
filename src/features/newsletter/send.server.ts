import { setTimeout as sleepFor } from 'node:timers/promises';
import { MailError, type Mailer } from '../../lib/mail.server.ts';
import { linkUrl, type NewsletterConfig } from './config.server.ts';
import { personalIssueMail, type RenderedIssue } from './render.server.tsx';
import type { NewsletterStore, Recipient } from './store.server.ts';

export interface SendOptions {
	/** Also resend deliveries that failed in earlier runs. */
	retry: boolean;
	/** Messages per second at most (0: as fast as the mailer goes). */
	ratePerSecond: number;
	/** Messages under way at once. */
	concurrency: number;
	/** Set on Ctrl+C: no new message starts; the ones under way finish and are recorded. */
	signal?: AbortSignal;
	/** Called after every message with the counts so far. */
	progress?: (counts: SendCounts) => void;
	/**
	 * First wait before a message the server deferred (4xx) is tried again, and the pause after
	 * a lost connection; doubling on each further try (default 5000).
	 */
	retryBackoffMs?: number;
	/** Tries per message in one run, the first included (default 4). */
	maxAttempts?: number;
}

export interface SendCounts {
	/** Every delivery this issue will have once done: sent before plus to send now. */
	total: number;
	sent: number;
	failed: number;
	/** Refused for good by the mail server in this run (those subscriptions are now bounced). */
	bounced: number;
}

export interface SendReport extends SendCounts {
	/** Messages sent by this run. */
	sentNow: number;
	/** Messages the server deferred (4xx) at least once in this run… */
	deferred: number;
	/** …and of those, the ones it accepted on a later try. */
	deferredThenSent: number;
	/** Times a connection failed or dropped before its message was handed over (sent again). */
	connectionsLost: number;
	/** Deliveries a crashed run left unknown, now marked failed for --retry. */
	interrupted: number;
	stopped: boolean;
	/** Why the send gave up early: the server refused the login, TLS or sender, or stayed unreachable. */
	halted?: string;
	/** `setup`: SMTP_URL or MAIL_FROM needs fixing; `unreachable`: the server did not answer. */
	haltedBy?: 'setup' | 'unreachable';
}

/** A run that died left its claims this long ago: they are not another run's work in progress. */
const STALE_AFTER_SECONDS = 600;

const sleep = async (ms: number, signal?: AbortSignal) => {
	if (ms > 0) await sleepFor(ms, undefined, { signal }).catch(() => undefined);
};

interface Attempt {
	recipient: Recipient;
	/** Tries so far in this run. */
	tries: number;
	/** Not before this time (ms). */
	due: number;
	deferred?: boolean;
}

/**
 * Sends a started issue to every confirmed subscriber who has not had it: claims a batch of
 * deliveries (recorded before any message leaves), sends each its own message, records the
 * outcome. Stopping or crashing loses no one and repeats no one: the next run takes the
 * unclaimed rest, and failures wait for `retry`.
 *
 * What the mail server answers decides the rest (MailError's kinds): a deferral (4xx) is tried
 * again later in the same run, with a doubling wait, at most `maxAttempts` times in all; a
 * lost connection pauses the whole send the same way, then it goes on where it stopped (the
 * message under way had not been handed over, so it is sent again; one that had been is left
 * failed, as it may have arrived). A permanent refusal of the address (5xx) is a bounce:
 * recorded on the subscription, which gets no more issues, while the send goes on. A refused
 * login, TLS or sender stops the send: no other message could go either. Whatever a stopped
 * send had claimed but not sent is given back, and the next plain send takes it.
 */
export async function sendIssue(
	store: NewsletterStore,
	mailer: Mailer,
	config: NewsletterConfig,
	issueNumber: number,
	rendered: RenderedIssue,
	options: SendOptions,
): Promise<SendReport> {
	const runStarted = new Date();
	const backoff = options.retryBackoffMs ?? 5000;
	const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
	const { signal } = options;
	const interrupted = await store.failStale(issueNumber, STALE_AFTER_SECONDS);
	const before = await store.deliveryCounts(issueNumber);
	const counts: SendCounts = {
		total: before.sent + before.pending + before.sending + (options.retry ? before.failed : 0),
		sent: before.sent,
		failed: options.retry ? 0 : before.failed,
		bounced: 0,
	};
	const report = { sentNow: 0, deferred: 0, deferredThenSent: 0, connectionsLost: 0 };
	let halted: string | undefined;
	let haltedBy: SendReport['haltedBy'];
	const halt = (why: string, by: NonNullable<SendReport['haltedBy']>) => {
		if (halted) return;
		halted = why;
		haltedBy = by;
	};
	const gap = options.ratePerSecond > 0 ? 1000 / options.ratePerSecond : 0;
	let nextSlot = Date.now();
	// After a lost connection every worker waits until then; reset by the next success.
	let pauseUntil = 0;
	let pausedAt = 0;
	let lostInARow = 0;
	// A batch never holds more than about a second of sending, so Ctrl+C stops quickly.
	const batchSize = Math.max(1, Math.min(200, options.ratePerSecond || 200));
	/** Deferred messages waiting for their next try, still claimed ('sending'). */
	let waiting: Attempt[] = [];
	let claimedAll = false;

	while (!signal?.aborted && !halted) {
		const now = Date.now();
		const due = waiting.filter((attempt) => attempt.due <= now).slice(0, batchSize);
		waiting = waiting.filter((attempt) => !due.includes(attempt));
		let fresh: Recipient[] = [];
		if (!claimedAll && due.length < batchSize) {
			fresh = await store.claimDeliveries(
				issueNumber,
				batchSize - due.length,
				options.retry ? runStarted : null,
			);
			claimedAll = fresh.length === 0;
		}
		const batch: Attempt[] = [
			...due,
			...fresh.map((recipient) => ({ recipient, tries: 0, due: 0 })),
		];
		if (!batch.length) {
			if (!waiting.length) break;
			await sleep(Math.min(...waiting.map((attempt) => attempt.due)) - Date.now(), signal);
			continue;
		}
		const sent: number[] = [];
		const failed: { subscriberId: number; error: string }[] = [];
		const bounced: { subscriberId: number; reason: string }[] = [];
		// Claims whose messages never left: pending again for the next send.
		const released: number[] = [];
		const fail = (attempt: Attempt, error: string) => {
			failed.push({ subscriberId: attempt.recipient.subscriberId, error });
			counts.failed++;
		};
		let next = 0;
		const worker = async () => {
			while (next < batch.length) {
				const attempt = batch[next++];
				await sleep(pauseUntil - Date.now(), signal);
				if (gap && !halted && !signal?.aborted) {
					const wait = nextSlot - Date.now();
					nextSlot = Math.max(nextSlot, Date.now()) + gap;
					if (wait > 0) await sleep(wait);
				}
				if (halted || signal?.aborted) {
					released.push(attempt.recipient.subscriberId);
					continue;
				}
				const { subscriberId, email } = attempt.recipient;
				const started = Date.now();
				attempt.tries++;
				try {
					const unsubscribe = linkUrl(config, 'unsubscribe', subscriberId);
					await mailer(personalIssueMail(rendered, email, unsubscribe));
					sent.push(subscriberId);
					counts.sent++;
					report.sentNow++;
					if (attempt.deferred) report.deferredThenSent++;
					lostInARow = 0;
				} catch (error) {
					const message = (error as Error).message;
					const kind = error instanceof MailError ? error.kind : 'failed';
					if (kind === 'bounced') {
						bounced.push({ subscriberId, reason: message });
						counts.bounced++;
					} else if (kind === 'deferred' || kind === 'connection') {
						let wait = backoff * 2 ** (attempt.tries - 1);
						if (kind === 'deferred' && !attempt.deferred) {
							attempt.deferred = true;
							report.deferred++;
						}
						if (kind === 'connection') {
							report.connectionsLost++;
							// Messages under way when the connections went count as one loss.
							if (started >= pausedAt) {
								lostInARow++;
								pausedAt = Date.now();
								pauseUntil = pausedAt + backoff * 2 ** (lostInARow - 1);
							}
							wait = pauseUntil - Date.now();
							if (lostInARow >= maxAttempts)
								halt(
									`the mail server could not be reached ${lostInARow} times in a row (${message})`,
									'unreachable',
								);
						}
						if (attempt.tries < maxAttempts && !halted) {
							waiting.push({ ...attempt, due: Date.now() + wait });
						} else if (halted) {
							released.push(subscriberId);
						} else {
							fail(attempt, `${message} (tried ${attempt.tries} times)`);
						}
					} else if (kind === 'unknown') {
						fail(
							attempt,
							`the connection dropped after the message was handed over: it may or may not have arrived (${message})`,
						);
					} else if (kind === 'setup') {
						// Refused before the message went (login, TLS, sender): no other can go either.
						halt(message, 'setup');
						released.push(subscriberId);
					} else {
						fail(attempt, message);
					}
				}
				options.progress?.({ ...counts });
			}
		};
		await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
		await store.recordDeliveries(issueNumber, sent, failed);
		await store.recordBounces(issueNumber, bounced);
		await store.releaseDeliveries(issueNumber, released);
	}
	// Stopped with deferred messages still to try: the server accepted none of them, so they
	// are pending again, for the next send.
	await store.releaseDeliveries(
		issueNumber,
		waiting.map((attempt) => attempt.recipient.subscriberId),
	);
	return {
		...counts,
		...report,
		interrupted,
		stopped: Boolean(signal?.aborted),
		...(halted ? { halted, haltedBy } : {}),
	};
}
