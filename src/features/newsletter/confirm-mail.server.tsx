import { render } from '@react-email/render';
import type { Mail } from '../../lib/mail.server.ts';
import { ConfirmEmail } from './emails/ConfirmEmail.tsx';
import { type SiteInfo, unsubscribeHeaders } from './site-info.ts';

// Apart from the renderer, so the subscribe function loads only what it sends.

/** The confirmation e-mail of a sign-up. */
export async function confirmationMail(
	site: SiteInfo,
	to: string,
	confirmUrl: string,
	unsubscribeUrl: string,
): Promise<Mail> {
	const email = <ConfirmEmail {...site} confirmUrl={confirmUrl} unsubscribeUrl={unsubscribeUrl} />;
	return {
		to,
		subject: `Confirm your subscription to ${site.siteName}`,
		html: await render(email),
		text: await render(email, { plainText: true }),
		headers: unsubscribeHeaders(unsubscribeUrl),
	};
}
