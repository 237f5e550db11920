import type { Mailer } from '../../lib/mail.server.ts';
import { linkUrl, type NewsletterConfig } from './config.server.ts';
import { personalIssueMail, type RenderedIssue } from './render.server.tsx';
import type { NewsletterStore } from './store.server.ts';

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
}

export interface SendCounts {
	/** Every delivery this issue will have once done: sent before plus to send now. */
	total: number;
	sent: number;
	failed: number;
}

export interface SendReport extends SendCounts {
	/** Messages sent by this run. */
	sentNow: number;
	/** Deliveries a crashed run left unknown, now marked failed for --retry. */
	interrupted: number;
	stopped: boolean;
}

/** A run that died left its claims this long ago: they are not another run's work in progress. */
const STALE_AFTER_SECONDS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a started issue to every confirmed subscriber who has not had it: claims a batch of
 * deliveries (recorded before any message leaves), sends each its own message, records the
 * outcome. Stopping or crashing loses no one and repeats no one: the next run takes the
 * unclaimed rest, and failures wait for `retry`.
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
	const interrupted = await store.failStale(issueNumber, STALE_AFTER_SECONDS);
	const before = await store.deliveryCounts(issueNumber);
	const counts: SendCounts = {
		total: before.sent + before.pending + before.sending + (options.retry ? before.failed : 0),
		sent: before.sent,
		failed: options.retry ? 0 : before.failed,
	};
	let sentNow = 0;
	const gap = options.ratePerSecond > 0 ? 1000 / options.ratePerSecond : 0;
	let nextSlot = Date.now();
	// A batch never holds more than about a second of sending, so Ctrl+C stops quickly.
	const batchSize = Math.max(1, Math.min(200, options.ratePerSecond || 200));

	while (!options.signal?.aborted) {
		const batch = await store.claimDeliveries(
			issueNumber,
			batchSize,
			options.retry ? runStarted : null,
		);
		if (!batch.length) break;
		const sent: number[] = [];
		const failed: { subscriberId: number; error: string }[] = [];
		let next = 0;
		const worker = async () => {
			while (next < batch.length) {
				const recipient = batch[next++];
				if (gap) {
					const wait = nextSlot - Date.now();
					nextSlot = Math.max(nextSlot, Date.now()) + gap;
					if (wait > 0) await sleep(wait);
				}
				try {
					const unsubscribe = linkUrl(config, 'unsubscribe', recipient.subscriberId);
					await mailer(personalIssueMail(rendered, recipient.email, unsubscribe));
					sent.push(recipient.subscriberId);
					counts.sent++;
					sentNow++;
				} catch (error) {
					failed.push({ subscriberId: recipient.subscriberId, error: (error as Error).message });
					counts.failed++;
				}
				options.progress?.({ ...counts });
			}
		};
		await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
		await store.recordDeliveries(issueNumber, sent, failed);
	}
	return { ...counts, sentNow, interrupted, stopped: Boolean(options.signal?.aborted) };
}
