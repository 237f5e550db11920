/**
 * The tool's address if it is safe to link to: an absolute http(s) URL with a real host
 * and no credentials. Anything else (javascript:, data:, relative, garbage) gives null.
 */
export function safeHttpUrl(raw: unknown): URL | null {
	if (typeof raw !== 'string') return null;
	let url: URL;
	try {
		url = new URL(raw.trim());
	} catch {
		return null;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
	if (!url.hostname || url.username || url.password) return null;
	return url;
}

/** The host a logo is requested for: lowercased, without port and without a leading `www.`. */
export function logoHost(url: URL): string {
	return url.hostname.toLowerCase().replace(/^www\./, '');
}

/** The logo service the build asks when LOGO_URL_TEMPLATE is unset (pages never ask it). */
export const DEFAULT_LOGO_URL_TEMPLATE = 'https://icons.duckduckgo.com/ip3/{host}.ico';

/**
 * The logo image address for a tool, from a template such as
 * `https://icons.duckduckgo.com/ip3/{host}.ico`. Only the host goes into the request,
 * never the stored URL's path, port or query.
 */
export function logoUrlFor(url: URL, template: string): string {
	return template.replaceAll('{host}', encodeURIComponent(logoHost(url)));
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
