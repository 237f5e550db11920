import type { Config } from '../../lib/config.server.ts';
import { createMailer, type Mail, type Mailer } from '../../lib/mail.server.ts';
import { paths } from '../../lib/paths.ts';
import { SITE_NAME } from '../../lib/site.ts';
import type { EditorStore, Submission } from './types.ts';

// The mailer lives in src/lib/mail.server.ts, shared with the subscribe function.
export type { Mail, Mailer } from '../../lib/mail.server.ts';

/** The editor's mailer: SMTP with every step bounded by OUTBOUND_TIMEOUT_MS, else the outbox. */
export function mailerFor({ mail, outboundTimeoutMs }: Config): Mailer {
	return createMailer(mail, { timeoutMs: outboundTimeoutMs });
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

/** Whether a page answers 200 within the timeout: a notice must not point at a page still building. */
export async function pageAnswers(url: string, timeoutMs: number): Promise<string | null> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
		await response.body?.cancel();
		return response.ok ? null : `${url} answered ${response.status}`;
	} catch (error) {
		return `${url} did not answer (${(error as Error).message})`;
	}
}

export interface NoticeSettings {
	siteUrl: string;
	/** Checks the tool page is served; null when it is, else why not. */
	isLive: (url: string) => Promise<string | null>;
}

/**
 * Tells a submitter their tool is live, at most once and only once its page answers: the
 * notice is marked sent before sending and un-marked (with the error kept) if the send fails;
 * a page not live yet leaves the notice waiting for `notify --retry`.
 */
export async function notifySubmitter(
	store: EditorStore,
	mailer: Mailer,
	submission: Submission,
	{ siteUrl, isLive }: NoticeSettings,
): Promise<'sent' | 'already' | 'failed' | 'not_live'> {
	if (!submission.submitterEmail || !submission.toolId) return 'already';
	const toolUrl = new URL(paths.tool(submission.toolId), siteUrl).href;
	const notLive = await isLive(toolUrl);
	if (notLive) {
		await store.recordNotifyFailure(submission.id, `not sent yet: ${notLive}`, false);
		return 'not_live';
	}
	if (!(await store.claimNotification(submission.id))) return 'already';
	try {
		await mailer(liveNotice(submission, toolUrl));
		return 'sent';
	} catch (error) {
		await store.recordNotifyFailure(submission.id, (error as Error).message, true);
		return 'failed';
	}
}
