import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tls from 'node:tls';
import nodemailer, { type TransportOptions } from 'nodemailer';
import type { MailSettings } from './config.server.ts';

export interface Mail {
	to: string;
	subject: string;
	text: string;
	html?: string;
	/** Extra headers, e.g. `List-Unsubscribe`. */
	headers?: Record<string, string>;
}

/** Sends one message, or throws (a MailError over SMTP, saying what the server answered). */
export type Mailer = ((mail: Mail) => Promise<void>) & {
	/** Where messages go, for the editor's messages: an SMTP host or the outbox directory. */
	readonly destination?: string;
	/** Connects, upgrades and logs in without sending anything (SMTP only); throws a MailError. */
	verify?: () => Promise<void>;
	/** Closes pooled connections; the process may then exit. */
	close?: () => void;
};

export interface MailerOptions {
	/** Give up on each SMTP step (connect, greeting, socket idle) after this long. */
	timeoutMs: number;
	/** Keep SMTP connections open and reuse them (the newsletter send). */
	pool?: boolean;
	/** Messages per second at most over SMTP, for a pool (0 or unset: no limit). */
	ratePerSecond?: number;
}

/**
 * What an SMTP failure means for the message, from the server's answer and the step it came at:
 * - `bounced`: the server refused the recipient for good (5xx to RCPT TO): do not mail it again;
 * - `deferred`: a temporary refusal (4xx): the same message may be tried again later;
 * - `connection`: the connection failed or dropped before the message was handed over: it did
 *   not arrive, try again;
 * - `unknown`: the connection dropped after the whole message was handed over, before the
 *   server's answer: it may have arrived (RFC 1047), so it is never sent again by itself;
 * - `setup`: no message can go (login required or refused, TLS, sender refused): stop and fix
 *   SMTP_URL or MAIL_FROM;
 * - `failed`: anything else (the message refused after DATA, the outbox not writable).
 */
export type MailFailure = 'bounced' | 'deferred' | 'connection' | 'unknown' | 'setup' | 'failed';

export class MailError extends Error {
	constructor(
		message: string,
		readonly kind: MailFailure,
		/** The server's reply code, when it answered (e.g. 450, 550). */
		readonly responseCode?: number,
		options?: ErrorOptions,
	) {
		super(message, options);
	}
}

interface NodemailerError extends Error {
	code?: string;
	command?: string;
	responseCode?: number;
}

/** Sorts a nodemailer error; `handedOver`: the whole message had been written to the server. */
export function mailFailureOf(error: unknown, handedOver: boolean): MailFailure {
	const { code, command, responseCode, message } = (error ?? {}) as NodemailerError;
	if (code === 'EAUTH' || code === 'ETLS' || code === 'ENOAUTH') return 'setup';
	if (/STARTTLS|certificate|self[- ]signed|TLS/i.test(message ?? '') && command !== 'DATA')
		return 'setup';
	// 530 authentication required, 534/535 refused, 538 encryption required (RFC 4954).
	if (responseCode && [530, 534, 535, 538].includes(responseCode)) return 'setup';
	if (responseCode === 421) return handedOver ? 'unknown' : 'connection';
	if (command === 'MAIL FROM' && responseCode) return responseCode >= 500 ? 'setup' : 'deferred';
	if (command === 'RCPT TO' && responseCode) return responseCode >= 500 ? 'bounced' : 'deferred';
	if (responseCode && responseCode >= 400 && responseCode < 500) return 'deferred';
	if (responseCode) return 'failed';
	if (
		code &&
		['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(code)
	)
		return handedOver ? 'unknown' : 'connection';
	return 'failed';
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * nodemailer's options for SMTP_URL. `smtps://` is TLS from the first byte (port 465);
 * `smtp://` upgrades with STARTTLS, which is required unless the server is on loopback (a local
 * relay), so the login and the mail never cross a network in clear. The certificate is checked
 * against the system's authorities plus SMTP_CA_FILE's, never skipped.
 */
export function smtpTransportOptions(
	{ smtpUrl, ca }: MailSettings,
	options: MailerOptions,
): TransportOptions {
	const url = new URL(smtpUrl!);
	const rate = options.ratePerSecond ?? 0;
	const timeout = options.timeoutMs;
	return {
		url: smtpUrl,
		connectionTimeout: timeout,
		greetingTimeout: timeout,
		socketTimeout: timeout,
		...(url.protocol === 'smtp:' && !LOOPBACK.has(url.hostname) ? { requireTLS: true } : {}),
		...(ca ? { tls: { ca: [...tls.rootCertificates, ca] } } : {}),
		// A dropped connection fails the message back to the caller, which knows whether it
		// was handed over; nodemailer's own requeue would send it again either way.
		...(options.pool ? { pool: true, maxConnections: 5, maxRequeues: 0 } : {}),
		...(options.pool && rate > 0 ? { rateLimit: rate, rateDelta: 1000 } : {}),
	} as TransportOptions;
}

/** The message as sent, with a flag set once its last byte went to the transport. */
type Tracked = Mail & { from: string; delivery: { handedOver: boolean } };

function smtpMailer(settings: MailSettings, options: MailerOptions): Mailer {
	const transport = nodemailer.createTransport(smtpTransportOptions(settings, options));
	// Marks a message handed over once the SMTP connection has read its last byte (it reads the
	// message only after the server's 354 answer to DATA), not when it was composed.
	transport.use('stream', (mail, done) => {
		const { delivery } = mail.data as unknown as Tracked;
		const message = mail.message as unknown as { createReadStream: () => NodeJS.ReadableStream };
		const create = message.createReadStream.bind(message);
		message.createReadStream = () => {
			const stream = create();
			stream.once('end', () => {
				if (delivery) delivery.handedOver = true;
			});
			return stream;
		};
		done();
	});
	const wrap = (error: unknown, handedOver: boolean) => {
		const original = error as NodemailerError;
		return new MailError(
			original.message,
			mailFailureOf(error, handedOver),
			original.responseCode,
			{
				cause: error,
			},
		);
	};
	return Object.assign(
		async (mail: Mail) => {
			const tracked: Tracked = { from: settings.from, ...mail, delivery: { handedOver: false } };
			try {
				await transport.sendMail(tracked);
			} catch (error) {
				throw wrap(error, tracked.delivery.handedOver);
			}
		},
		{
			destination: new URL(settings.smtpUrl!).host,
			verify: async () => {
				try {
					await transport.verify();
				} catch (error) {
					throw wrap(error, false);
				}
			},
			close: () => transport.close(),
		},
	);
}

/**
 * SMTP through nodemailer when the configuration has an SMTP_URL; otherwise each message is
 * written as an .eml file in the outbox directory, so the whole path works offline. One mailer
 * for the editor's notices, the subscribe function's confirmations and the newsletter.
 */
export function createMailer(settings: MailSettings, options: MailerOptions): Mailer {
	if (settings.smtpUrl) return smtpMailer(settings, options);
	const { from, outboxDir } = settings;
	const outbox = path.resolve(outboxDir);
	const transport = nodemailer.createTransport({
		streamTransport: true,
		buffer: true,
		newline: 'unix',
	});
	let made: Promise<unknown> | undefined;
	return Object.assign(
		async (mail: Mail) => {
			const info = await transport.sendMail({ from, ...mail });
			await (made ??= mkdir(outbox, { recursive: true }));
			const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
			// The random part keeps two messages to one address in the same millisecond apart.
			const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeTo}.eml`;
			await writeFile(path.join(outbox, name), info.message as Buffer);
		},
		{ destination: outbox },
	);
}
