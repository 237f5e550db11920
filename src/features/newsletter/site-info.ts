import type { Config } from '../../lib/config.server.ts';
import { slugify } from '../../lib/outbound.ts';
import { SITE_NAME } from '../../lib/site.ts';

/** What the e-mails need to know about the site. */
export interface SiteInfo {
	siteName: string;
	siteUrl: string;
	/** The outbound `ref` put on links to the site ('' for none). */
	ref: string;
	/** LOGO_URL_TEMPLATE; null: no logos in the e-mails either. */
	logoTemplate: string | null;
}

/** The headers that let mail providers offer one-click unsubscribe (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
	return {
		'List-Unsubscribe': `<${unsubscribeUrl}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
	};
}

/** The site details from the configuration, as the build sees them. */
export function siteInfoOf(
	config: Pick<Config, 'siteUrl' | 'outboundRef' | 'logoUrlTemplate'>,
	siteName = SITE_NAME,
): SiteInfo {
	return {
		siteName,
		siteUrl: config.siteUrl,
		ref: config.outboundRef ?? slugify(siteName),
		logoTemplate: config.logoUrlTemplate,
	};
}
