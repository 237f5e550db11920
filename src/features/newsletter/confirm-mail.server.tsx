import { render } from '@react-email/render';
import type { Mail } from '../../lib/mail.server.ts';
import { ConfirmEmail } from './emails/ConfirmEmail.tsx';
import { type SiteInfo, unsubscribeHeaders } from './site-info.ts';

// Apart from the renderer, so the subscribe function loads only what it sends.
// Rendered once per site with stand-in links, swapped per sign-up: rendering React costs
// about 8 ms of CPU a message, which every sign-up would otherwise pay.

const CONFIRM = 'https://confirm.invalid/personal-link';
const UNSUBSCRIBE = 'https://unsubscribe.invalid/personal-link';
const templates = new Map<string, Promise<{ html: string; text: string }>>();

function template(site: SiteInfo) {
	const key = `${site.siteName}\n${site.siteUrl}`;
	let rendered = templates.get(key);
	if (!rendered) {
		const email = <ConfirmEmail {...site} confirmUrl={CONFIRM} unsubscribeUrl={UNSUBSCRIBE} />;
		rendered = Promise.all([render(email), render(email, { plainText: true })]).then(
			([html, text]) => ({ html, text }),
		);
		rendered.catch(() => templates.delete(key));
		templates.set(key, rendered);
	}
	return rendered;
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The confirmation e-mail of a sign-up. */
export async function confirmationMail(
	site: SiteInfo,
	to: string,
	confirmUrl: string,
	unsubscribeUrl: string,
): Promise<Mail> {
	const { html, text } = await template(site);
	return {
		to,
		subject: `Confirm your subscription to ${site.siteName}`,
		html: html
			.replaceAll(CONFIRM, escapeAttribute(confirmUrl))
			.replaceAll(UNSUBSCRIBE, escapeAttribute(unsubscribeUrl)),
		text: text.replaceAll(CONFIRM, confirmUrl).replaceAll(UNSUBSCRIBE, unsubscribeUrl),
		headers: unsubscribeHeaders(unsubscribeUrl),
	};
}
