import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SITE_NAME } from '../../lib/site.ts';
import type { EditorStore, Submission } from './types.ts';

export interface Mail {
	to: string;
	subject: string;
	text: string;
}

/** Sends one message, or throws. */
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an
 * .eml file under .data/outbox/ (OUTBOX_DIR), so the whole path works offline.
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
	const from = env.MAIL_FROM || `${SITE_NAME} <no-reply@localhost>`;
	if (env.SMTP_URL) {
		const transport = nodemailer.createTransport(env.SMTP_URL);
		return async (mail) => {
			await transport.sendMail({ from, ...mail });
		};
	}
	const outbox = path.resolve(env.OUTBOX_DIR || '.data/outbox');
	const transport = nodemailer.createTransport({
		streamTransport: true,
		buffer: true,
		newline: 'unix',
	});
	return async (mail) => {
		const info = await transport.sendMail({ from, ...mail });
		await mkdir(outbox, { recursive: true });
		const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
		await writeFile(
			path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`),
			info.message as Buffer,
		);
	};
}

export function liveNotice(submission: Submission, toolUrl: string): Mail {
	return {
		to: submission.submitterEmail!,
		subject: `${submission.name} is now listed on ${SITE_NAME}`,
		text: [
			'Hello,',
			'',
			`Thanks for suggesting ${submission.name}. Our editors reviewed it and it is now live:`,
			'',
			toolUrl,
			'',
			`— The ${SITE_NAME} team`,
			'',
			'You receive this one message because you asked to be told when your submission went live.',
		].join('\n'),
	};
}

/**
 * Tells a submitter their tool is live, at most once: the notice is marked sent before
 * sending and un-marked (with the error kept) if the send fails.
 */
export async function notifySubmitter(
	store: EditorStore,
	mailer: Mailer,
	submission: Submission,
	siteUrl: string,
): Promise<'sent' | 'already' | 'failed'> {
	if (!submission.submitterEmail || !submission.toolId) return 'already';
	if (!(await store.claimNotification(submission.id))) return 'already';
	try {
		await mailer(liveNotice(submission, new URL(`/app/${submission.toolId}/`, siteUrl).href));
		return 'sent';
	} catch (error) {
		await store.recordNotifyFailure(submission.id, (error as Error).message);
		return 'failed';
	}
}
