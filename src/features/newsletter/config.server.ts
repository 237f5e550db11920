import { type Config, ConfigError } from '../../lib/config.server.ts';
import { endpoints } from '../../lib/paths.ts';
import { type LinkAction, signLink } from './tokens.server.ts';

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
 * The link settings from the configuration, which has checked NEWSLETTER_SECRET (at least 32
 * characters, required with SUPABASE_URL; on the embedded database, the one `npm start`
 * generated for its data directory when unset, record 0027).
 */
export function newsletterConfigOf(config: Config): NewsletterConfig {
	const { secret } = config.newsletter;
	// With SUPABASE_URL set, the functions refuse to start without it; the editor comes here
	// only for the commands that sign links.
	if (!secret)
		throw new ConfigError([
			config.backend.kind === 'supabase'
				? 'SUPABASE_URL is set but NEWSLETTER_SECRET is not: it signs the newsletter links (a random string of at least 32 characters)'
				: `NEWSLETTER_SECRET is not set and \`npm start\` has not generated one for ${config.backend.db.dataDir} yet: start it once, or set NEWSLETTER_SECRET (a random string of at least 32 characters)`,
		]);
	return { secret, siteUrl: config.siteUrl };
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
