import type { Mail, Mailer } from '../../src/lib/mail.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import type { NewsletterDeps } from '../../src/features/newsletter/deps.server.ts';
import { createNewsletterLinkHandler } from '../../src/features/newsletter/links.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import type { Sql } from '../../src/lib/store/embedded.server.ts';
import { nextIp, postJson, testDeps, testNewsletterDeps } from '../functions/harness.ts';

/**
 * The subscribe function's two handlers on a real database, with a mailer that keeps what it
 * sends; `overrides` replace parts of the newsletter's deps (a failing store, say).
 */
export function newsletterFunction(sql: Sql, overrides: Partial<NewsletterDeps> = {}) {
	const sent: Mail[] = [];
	const clock = { now: Date.now() };
	const mailer: Mailer & { fail?: boolean } = Object.assign(async (mail: Mail) => {
		if (mailer.fail) throw new Error('SMTP connection timed out');
		sent.push(mail);
	});
	const deps = testNewsletterDeps(sql, { mailer, now: () => clock.now, ...overrides });
	const signUpHandler = createSubscribeHandler(testDeps(sql), doubleOptIn(deps));
	const linkHandler = createNewsletterLinkHandler(deps);
	return {
		sent,
		mailer,
		clock,
		signUp: (email: string) =>
			signUpHandler(postJson('/.netlify/functions/subscribe', { email }), { ip: nextIp() }),
		/** Opens a link as a browser would (GET), or presses the page's button (POST, no fields). */
		open: (url: string, method: 'GET' | 'POST' = 'GET') =>
			linkHandler(
				new Request(url, {
					method,
					...(method === 'POST'
						? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }
						: {}),
				}),
			),
		/** A mail provider's one-click unsubscribe (RFC 8058): its own origin, no cookies. */
		oneClick: (url: string, encoding: 'urlencoded' | 'multipart' = 'urlencoded') => {
			const form = new FormData();
			form.set('List-Unsubscribe', 'One-Click');
			return linkHandler(
				new Request(url, {
					method: 'POST',
					headers: { origin: 'https://mail.provider.example' },
					// Each body sets its own type: multipart with a boundary, or form-urlencoded.
					body:
						encoding === 'multipart'
							? form
							: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
				}),
			);
		},
	};
}

/** The confirm and unsubscribe links of a confirmation e-mail. */
export function linksIn(mail: Mail) {
	const urls = [
		...mail.text.matchAll(/https?:\/\/\S+?action=(confirm|unsubscribe)&token=[\w.-]+/g),
	];
	const confirm = urls.find((match) => match[1] === 'confirm')?.[0];
	const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
	if (!confirm || !unsubscribe) throw new Error(`no links in:\n${mail.text}`);
	return { confirm, unsubscribe };
}

export async function subscriberRow(sql: Sql, email: string) {
	const [row] =
		await sql`select * from newsletter_subscribers where email_normalized = lower(${email})`;
	return row;
}
