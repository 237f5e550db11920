import { slugify } from '../../lib/outbound.ts';

/** What the e-mails need to know about the site. */
export interface SiteInfo {
	siteName: string;
	siteUrl: string;
	/** The outbound `ref` put on links to the site ('' for none). */
	ref: string;
	logoTemplate: string;
}

/** The headers that let mail providers offer one-click unsubscribe (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
	return {
		'List-Unsubscribe': `<${unsubscribeUrl}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
	};
}

/** The site details from the environment, as the build sees them. */
export function siteInfoFromEnv(
	env: NodeJS.ProcessEnv,
	siteName: string,
	siteUrl: string,
): SiteInfo {
	return {
		siteName,
		siteUrl,
		ref: env.OUTBOUND_REF ?? slugify(siteName),
		logoTemplate: env.LOGO_URL_TEMPLATE || 'https://icons.duckduckgo.com/ip3/{host}.ico',
	};
}
