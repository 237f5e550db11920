import { endpoints } from '../../lib/paths.ts';
import { parseConfig } from '../../lib/config.server.ts';
import { type LinkAction, signLink } from './tokens.server.ts';

/** Used only on the embedded database (no SUPABASE_URL): a deployed site must set its own. */
const DEV_SECRET = 'local-development-only-newsletter-secret';

/** How long e-mailed links work: a confirmation 48 hours, an unsubscribe link a year. */
export const LINK_LIFETIME_SECONDS: Record<LinkAction, number> = {
	confirm: 48 * 3600,
	unsubscribe: 365 * 24 * 3600,
};

/** Another confirmation e-mail goes out at most this often while a sign-up is unconfirmed. */
export const RESEND_AFTER_SECONDS = 3600;

export interface NewsletterConfig {
	/** The HMAC key of e-mailed links. */
	secret: string;
	/** The public site address the links point to. */
	siteUrl: string;
}

/**
 * NEWSLETTER_SECRET (at least 32 characters), or a fixed development value when the site runs
 * on the embedded database; with SUPABASE_URL set a missing secret is a configuration error.
 */
export function newsletterConfigFromEnv(env: NodeJS.ProcessEnv = process.env): NewsletterConfig {
	const secret = env.NEWSLETTER_SECRET || (env.SUPABASE_URL ? '' : DEV_SECRET);
	if (secret.length < 32)
		throw new Error(
			'NEWSLETTER_SECRET must be set to a random string of at least 32 characters (it signs the confirm and unsubscribe links)',
		);
	return { secret, siteUrl: parseConfig(env, 'editor').siteUrl };
}

/** The absolute address of a signed confirm or unsubscribe link. */
export function linkUrl(
	config: NewsletterConfig,
	action: LinkAction,
	subscriberId: number,
	consentMs = 0,
	nowMs = Date.now(),
): string {
	const expiresAt = Math.floor(nowMs / 1000) + LINK_LIFETIME_SECONDS[action];
	const token = signLink(config.secret, { action, subscriberId, consentMs, expiresAt });
	const url = new URL(endpoints.subscribe, config.siteUrl);
	url.search = new URLSearchParams({ action, token }).toString();
	return url.href;
}
