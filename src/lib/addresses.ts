// What the directory accepts as a web address (record 0030): one rule for every address it
// stores, links to or requests, held to the same answer as the database's own CHECK
// (`public.is_web_address`, supabase/migrations) by one table of samples
// (tests/store/web-addresses.ts). Pure: islands import it, so no Node module and nothing
// computed when the module loads.

/** The longest address stored, in characters (the database's limit too). */
export const MAX_ADDRESS_LENGTH = 2048;

/**
 * A public host name: at least two labels of letters, digits and inner hyphens (63 characters
 * each), a letter top-level domain or its punycode, 253 characters in all. IP literals,
 * `localhost` and names of one label fail it. Lowercase: a URL's parsed host, or lowercase first.
 */
const PUBLIC_HOST_NAME =
	/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether a lowercase host name has the shape of a public one (an e-mail domain's rule too). */
export function isPublicHostName(host: string): boolean {
	return PUBLIC_HOST_NAME.test(host);
}

/**
 * Names that stand for this machine, its network or a cloud's metadata service, whatever they
 * resolve to. The outbound guard refuses them too (src/lib/outbound-guard.server.ts).
 */
export const LOCAL_NAMES: readonly string[] = [
	'localhost',
	'localhost.localdomain',
	'ip6-localhost',
	'ip6-loopback',
	'metadata',
	'metadata.google.internal',
	'instance-data',
];
export const LOCAL_SUFFIXES: readonly string[] = [
	'.localhost',
	'.internal',
	'.local',
	'.localdomain',
	'.home.arpa',
];

/**
 * IPv4 ranges that are not public unicast (ipaddr.js's special ranges, which the outbound
 * guard asks; src/lib/addresses.test.ts holds the two to the same answers), as [first octets,
 * prefix length].
 */
const NON_PUBLIC_IPV4: readonly (readonly [readonly number[], number])[] = [
	[[0], 8], // unspecified
	[[10], 8], // private
	[[100, 64], 10], // carrier-grade NAT
	[[127], 8], // loopback
	[[169, 254], 16], // link-local (cloud metadata services)
	[[172, 16], 12], // private
	[[192, 0, 0], 24], // reserved
	[[192, 0, 2], 24], // documentation
	[[192, 31, 196], 24], // AS112
	[[192, 52, 193], 24], // AMT
	[[192, 88, 99], 24], // 6to4 relay
	[[192, 168], 16], // private
	[[192, 175, 48], 24], // AS112
	[[198, 18], 15], // benchmarking
	[[198, 51, 100], 24], // documentation
	[[203, 0, 113], 24], // documentation
	[[224], 4], // multicast
	[[240], 4], // reserved, broadcast
];

/** Whether four octets (each 0 to 255) are a public unicast IPv4 address. */
export function isPublicIPv4(octets: readonly number[]): boolean {
	const value = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
	return !NON_PUBLIC_IPV4.some(([start, bits]) => {
		const first = ((start[0] << 24) | ((start[1] ?? 0) << 16) | ((start[2] ?? 0) << 8)) >>> 0;
		return value >>> (32 - bits) === first >>> (32 - bits);
	});
}

/**
 * IPv4 addresses spelled inside a host name by the wildcard DNS services (nip.io, sslip.io and
 * their like): `10.0.0.1.nip.io`, `app-192-168-1-2.sslip.io`, `0a000001.nip.io`. Octets are
 * decimal; a group with an octet over 255 spells nothing.
 */
export function spelledIPv4(host: string): number[][] {
	const found: number[][] = [];
	for (const match of host.matchAll(
		/(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=[.-]|$)/g,
	)) {
		const octets = match.slice(1, 5).map(Number);
		if (octets.every((octet) => octet <= 255)) found.push(octets);
	}
	for (const label of host.split('.'))
		if (/^[0-9a-f]{8}$/.test(label))
			found.push([0, 2, 4, 6].map((at) => Number.parseInt(label.slice(at, at + 2), 16)));
	return found;
}

/** Why an address is not one the directory accepts, each with the words a form shows. */
export type AddressProblem =
	| 'characters' // a space, a control, invisible or bidirectional character (NOT_IN_ADDRESS)
	| 'length' // over MAX_ADDRESS_LENGTH
	| 'scheme' // not http:// or https:// (javascript:, data:, ftp:, relative, no scheme)
	| 'credentials' // a user name or password before the host
	| 'host' // no public host name: an IP literal, localhost, one label, a local or spelled private name
	| 'port' // a port that is not a number from 1 to 65535
	| 'syntax'; // typed text no browser reads as an address (typedWebAddress only)

/**
 * Characters no address holds anywhere: C0 and C1 controls, spaces of every kind, and the
 * invisible and bidirectional marks a tool name may not hold either (they make an address read
 * as another). Written out rather than `\s`: the database's classes differ from JavaScript's.
 */
const NOT_IN_ADDRESS =
	/[\u0000-\u0020\u007f-\u00a0\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

/**
 * The rule (record 0030), on an address as it is stored: none of NOT_IN_ADDRESS, at most 2048
 * characters, `http://` or `https://` (any letter case), a public host name in ASCII (see
 * PUBLIC_HOST_NAME; a Unicode name is stored as its punycode) that names no local service and
 * spells no private IPv4 address, an optional port from 1 to 65535, then a path, query or
 * fragment. Null when it is one.
 */
export function addressProblem(address: string): AddressProblem | null {
	if (NOT_IN_ADDRESS.test(address)) return 'characters';
	// Characters as the database counts them: code points, not UTF-16 units.
	if (address.length > MAX_ADDRESS_LENGTH && [...address].length > MAX_ADDRESS_LENGTH)
		return 'length';
	const parts = /^https?:\/\/([^/?#]*)/i.exec(address);
	if (!parts) return 'scheme';
	const authority = parts[1];
	if (authority.includes('@')) return 'credentials';
	const colon = authority.indexOf(':');
	const host = (colon < 0 ? authority : authority.slice(0, colon)).toLowerCase();
	if (!PUBLIC_HOST_NAME.test(host) || localName(host)) return 'host';
	const port = colon < 0 ? null : authority.slice(colon + 1);
	if (port !== null && !(/^[0-9]{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
		return 'port';
	// Whatever passed the above parses (an engine whose parser refuses a punycode label it cannot
	// decode would say no here): webAddress never throws.
	try {
		new URL(address);
	} catch {
		return 'host';
	}
	return null;
}

/** Whether a public-shaped host name still names this machine, its network or a private address. */
function localName(host: string): boolean {
	return (
		LOCAL_NAMES.includes(host) ||
		LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) ||
		spelledIPv4(host).some((octets) => !isPublicIPv4(octets))
	);
}

/** A stored address the directory accepts, parsed; null for anything else (any type). */
export function webAddress(address: unknown): URL | null {
	return typeof address === 'string' && addressProblem(address) === null ? new URL(address) : null;
}

/**
 * An address someone typed (a form, the editor's command line), trimmed and parsed as a browser
 * would (a Unicode host becomes punycode, a path is percent-encoded), then held to the rule.
 * `withScheme` adds https:// to an address typed without one. Spaces or control characters
 * inside are refused, not encoded: they are a paste gone wrong, not an address.
 */
export function typedWebAddress(
	typed: string,
	{ withScheme = false }: { withScheme?: boolean } = {},
): { url: URL; problem: null } | { url: null; problem: AddressProblem } {
	const raw = typed.trim();
	if (NOT_IN_ADDRESS.test(raw)) return { url: null, problem: 'characters' };
	const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
	const full = withScheme && !(scheme && !scheme[1].includes('.')) ? `https://${raw}` : raw;
	let url: URL;
	try {
		url = new URL(full);
	} catch {
		return { url: null, problem: /^https?:\/\//i.test(full) ? 'syntax' : 'scheme' };
	}
	const problem = addressProblem(url.href);
	return problem ? { url: null, problem } : { url, problem: null };
}

/**
 * "procore.com" for `https://www.Procore.com/x`: an address's host without `www.` (a parsed
 * host is lowercase already). Small on purpose: the compare island counts its bytes.
 */
export function siteHost(url: URL): string {
	return url.hostname.replace(/^www\./, '');
}
