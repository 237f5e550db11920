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

/** What one run of `sendIssue` works on and where it has got to, shared by its workers. */
interface Run {
	store: NewsletterStore;
	mailer: Mailer;
	config: NewsletterConfig;
	issueNumber: number;
	rendered: RenderedIssue;
	options: SendOptions;
	runStarted: Date;
	interrupted: number;
	backoff: number;
	maxAttempts: number;
	/** Milliseconds between two messages' starts (0: no rate limit). */
	gap: number;
	batchSize: number;
	counts: SendCounts;
	report: { sentNow: number; deferred: number; deferredThenSent: number; connectionsLost: number };
	halted?: string;
	haltedBy?: SendReport['haltedBy'];
	nextSlot: number;
	/** After a lost connection every worker waits until then; reset by the next success. */
	pauseUntil: number;
	pausedAt: number;
	lostInARow: number;
	/** Deferred messages waiting for their next try, still claimed ('sending'). */
	waiting: Attempt[];
	claimedAll: boolean;
}

/** What a batch's messages came to, recorded once the batch is done. */
interface BatchOutcome {
	sent: number[];
	failed: { subscriberId: number; error: string }[];
	bounced: { subscriberId: number; reason: string }[];
	/** Claims whose messages never left: pending again for the next send. */
	released: number[];
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
	const run = await startRun({ store, mailer, config, issueNumber, rendered, options });
	const { signal } = options;
	while (!signal?.aborted && !run.halted) {
		const batch = await takeBatch(run);
		if (!batch.length) {
			if (!run.waiting.length) break;
			await sleep(Math.min(...run.waiting.map((attempt) => attempt.due)) - Date.now(), signal);
			continue;
		}
		await sendBatch(run, batch);
	}
	// Stopped with deferred messages still to try: the server accepted none of them, so they
	// are pending again, for the next send.
	await store.releaseDeliveries(
		issueNumber,
		run.waiting.map((attempt) => attempt.recipient.subscriberId),
	);
	return {
		...run.counts,
		...run.report,
		interrupted: run.interrupted,
		stopped: Boolean(signal?.aborted),
		...(run.halted ? { halted: run.halted, haltedBy: run.haltedBy } : {}),
	};
}

/** Marks what a crashed run left as failed, counts what is already done, and sets the pace. */
async function startRun(
	given: Pick<Run, 'store' | 'mailer' | 'config' | 'issueNumber' | 'rendered' | 'options'>,
): Promise<Run> {
	const { store, issueNumber, options } = given;
	const runStarted = new Date();
	const interrupted = await store.failStale(issueNumber, STALE_AFTER_SECONDS);
	const before = await store.deliveryCounts(issueNumber);
	return {
		...given,
		runStarted,
		interrupted,
		backoff: options.retryBackoffMs ?? 5000,
		maxAttempts: Math.max(1, options.maxAttempts ?? 4),
		gap: options.ratePerSecond > 0 ? 1000 / options.ratePerSecond : 0,
		// A batch never holds more than about a second of sending, so Ctrl+C stops quickly.
		batchSize: Math.max(1, Math.min(200, options.ratePerSecond || 200)),
		counts: {
			total: before.sent + before.pending + before.sending + (options.retry ? before.failed : 0),
			sent: before.sent,
			failed: options.retry ? 0 : before.failed,
			bounced: 0,
		},
		report: { sentNow: 0, deferred: 0, deferredThenSent: 0, connectionsLost: 0 },
		nextSlot: Date.now(),
		pauseUntil: 0,
		pausedAt: 0,
		lostInARow: 0,
		waiting: [],
		claimedAll: false,
	};
}

/** The first reason to stop is the one reported. */
function halt(run: Run, why: string, by: NonNullable<SendReport['haltedBy']>) {
	if (run.halted) return;
	run.halted = why;
	run.haltedBy = by;
}

const stopping = (run: Run) => Boolean(run.halted || run.options.signal?.aborted);

/** The deferred messages now due, topped up with newly claimed deliveries: one batch at most. */
async function takeBatch(run: Run): Promise<Attempt[]> {
	const now = Date.now();
	const due = run.waiting.filter((attempt) => attempt.due <= now).slice(0, run.batchSize);
	run.waiting = run.waiting.filter((attempt) => !due.includes(attempt));
	let fresh: Recipient[] = [];
	if (!run.claimedAll && due.length < run.batchSize) {
		fresh = await run.store.claimDeliveries(
			run.issueNumber,
			run.batchSize - due.length,
			run.options.retry ? run.runStarted : null,
		);
		run.claimedAll = fresh.length === 0;
	}
	return [...due, ...fresh.map((recipient) => ({ recipient, tries: 0, due: 0 }))];
}

/** Sends a batch with `concurrency` workers, then records what became of each message. */
async function sendBatch(run: Run, batch: Attempt[]) {
	const outcome: BatchOutcome = { sent: [], failed: [], bounced: [], released: [] };
	let next = 0;
	const worker = async () => {
		while (next < batch.length) {
			const attempt = batch[next++];
			await waitForTurn(run);
			if (stopping(run)) {
				outcome.released.push(attempt.recipient.subscriberId);
				continue;
			}
			await deliver(run, attempt, outcome);
			run.options.progress?.({ ...run.counts });
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, run.options.concurrency) }, worker));
	await run.store.recordDeliveries(run.issueNumber, outcome.sent, outcome.failed);
	await run.store.recordBounces(run.issueNumber, outcome.bounced);
	await run.store.releaseDeliveries(run.issueNumber, outcome.released);
}

/** Waits out a pause after a lost connection, then for the next slot the rate allows. */
async function waitForTurn(run: Run) {
	await sleep(run.pauseUntil - Date.now(), run.options.signal);
	if (run.gap && !stopping(run)) {
		const wait = run.nextSlot - Date.now();
		run.nextSlot = Math.max(run.nextSlot, Date.now()) + run.gap;
		if (wait > 0) await sleep(wait);
	}
}

/** One try of one subscriber's message. */
async function deliver(run: Run, attempt: Attempt, outcome: BatchOutcome) {
	const { subscriberId, email } = attempt.recipient;
	const started = Date.now();
	attempt.tries++;
	try {
		const unsubscribe = linkUrl(run.config, 'unsubscribe', subscriberId);
		await run.mailer(personalIssueMail(run.rendered, email, unsubscribe));
		outcome.sent.push(subscriberId);
		run.counts.sent++;
		run.report.sentNow++;
		if (attempt.deferred) run.report.deferredThenSent++;
		run.lostInARow = 0;
	} catch (error) {
		settleFailure(run, attempt, error, started, outcome);
	}
}

/** What the mail server's refusal means for this message, and maybe for the whole send. */
function settleFailure(
	run: Run,
	attempt: Attempt,
	error: unknown,
	started: number,
	outcome: BatchOutcome,
) {
	const message = (error as Error).message;
	const kind = error instanceof MailError ? error.kind : 'failed';
	const { subscriberId } = attempt.recipient;
	if (kind === 'bounced') {
		outcome.bounced.push({ subscriberId, reason: message });
		run.counts.bounced++;
	} else if (kind === 'deferred' || kind === 'connection') {
		tryAgainLater(run, attempt, kind, message, started, outcome);
	} else if (kind === 'unknown') {
		fail(
			run,
			outcome,
			attempt,
			`the connection dropped after the message was handed over: it may or may not have arrived (${message})`,
		);
	} else if (kind === 'setup') {
		// Refused before the message went (login, TLS, sender): no other can go either.
		halt(run, message, 'setup');
		outcome.released.push(subscriberId);
	} else {
		fail(run, outcome, attempt, message);
	}
}

/** A deferred message or a lost connection: the message waits for another try, if it has one left. */
function tryAgainLater(
	run: Run,
	attempt: Attempt,
	kind: 'deferred' | 'connection',
	message: string,
	started: number,
	outcome: BatchOutcome,
) {
	let wait = run.backoff * 2 ** (attempt.tries - 1);
	if (kind === 'deferred' && !attempt.deferred) {
		attempt.deferred = true;
		run.report.deferred++;
	}
	if (kind === 'connection') wait = connectionLost(run, message, started);
	if (attempt.tries < run.maxAttempts && !run.halted) {
		run.waiting.push({ ...attempt, due: Date.now() + wait });
	} else if (run.halted) {
		outcome.released.push(attempt.recipient.subscriberId);
	} else {
		fail(run, outcome, attempt, `${message} (tried ${attempt.tries} times)`);
	}
}

/**
 * Pauses every worker after a lost connection, for a doubling wait, and gives up after
 * `maxAttempts` losses in a row. Returns how long the message waits before its next try.
 */
function connectionLost(run: Run, message: string, started: number): number {
	run.report.connectionsLost++;
	// Messages under way when the connections went count as one loss.
	if (started >= run.pausedAt) {
		run.lostInARow++;
		run.pausedAt = Date.now();
		run.pauseUntil = run.pausedAt + run.backoff * 2 ** (run.lostInARow - 1);
	}
	const wait = run.pauseUntil - Date.now();
	if (run.lostInARow >= run.maxAttempts)
		halt(
			run,
			`the mail server could not be reached ${run.lostInARow} times in a row (${message})`,
			'unreachable',
		);
	return wait;
}

function fail(run: Run, outcome: BatchOutcome, attempt: Attempt, error: string) {
	outcome.failed.push({ subscriberId: attempt.recipient.subscriberId, error });
	run.counts.failed++;
}
