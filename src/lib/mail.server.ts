import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** Sends one message, or throws. */
export type Mailer = ((mail: Mail) => Promise<void>) & {
	/** Where messages go, for the editor's messages: an SMTP host or the outbox directory. */
	readonly destination?: string;
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
 * SMTP through nodemailer when the configuration has an SMTP_URL; otherwise each message is
 * written as an .eml file in the outbox directory, so the whole path works offline. One mailer
 * for the editor's notices, the subscribe function's confirmations and the newsletter.
 */
export function createMailer(
	{ smtpUrl, from, outboxDir }: MailSettings,
	options: MailerOptions,
): Mailer {
	if (smtpUrl) {
		const rate = options.ratePerSecond ?? 0;
		const timeout = options.timeoutMs;
		const transport = nodemailer.createTransport({
			url: smtpUrl,
			connectionTimeout: timeout,
			greetingTimeout: timeout,
			socketTimeout: timeout,
			...(options.pool ? { pool: true, maxConnections: 5 } : {}),
			...(options.pool && rate > 0 ? { rateLimit: rate, rateDelta: 1000 } : {}),
		} as TransportOptions);
		return Object.assign(
			async (mail: Mail) => {
				await transport.sendMail({ from, ...mail });
			},
			{ destination: new URL(smtpUrl).host, close: () => transport.close() },
		);
	}
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
