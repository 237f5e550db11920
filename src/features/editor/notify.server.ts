import { type Mail, type Mailer } from '../../lib/mail.server.ts';
import { SITE_NAME } from '../../lib/site.ts';
import type { EditorStore, Submission } from './types.ts';

// The mailer lives in src/lib/mail.server.ts, shared with the subscribe function.
export { type Mail, type Mailer, mailerFromEnv } from '../../lib/mail.server.ts';

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
