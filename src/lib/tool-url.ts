import { siteHost } from './addresses.ts';

// Whether a tool's address is one to link to is the address rule's (src/lib/addresses.ts).

/** The logo service the build asks when LOGO_URL_TEMPLATE is unset (pages never ask it). */
export const DEFAULT_LOGO_URL_TEMPLATE = 'https://icons.duckduckgo.com/ip3/{host}.ico';

/**
 * The logo image address for a tool, from a template such as
 * `https://icons.duckduckgo.com/ip3/{host}.ico`. Only the host goes into the request,
 * never the stored URL's path, port or query (nor a leading `www.`).
 */
export function logoUrlFor(url: URL, template: string): string {
	return template.replaceAll('{host}', encodeURIComponent(siteHost(url)));
}

/** One or two letters shown when a logo cannot load. */
export function monogramFor(name: string): string {
	const words = name
		.trim()
		.split(/[\s\-_.]+/)
		.filter(Boolean);
	const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
	return letters.toUpperCase();
}
