import { STATUS_CODES } from 'node:http';
import { getDomain } from 'tldts-icann';
import { siteHost, webAddress } from '../../lib/addresses.ts';
import { guardedFetch, type OutboundPolicy } from '../../lib/outbound-guard.server.ts';

// One address requested as a visitor's browser would follow it, and what its answer means for
// the directory: still there (ok), now another site's page (moved: often an acquisition), or
// gone (broken). Redirects are followed here, hop by hop, to see where they lead.

export type LinkStatus = 'ok' | 'moved' | 'broken';

export interface LinkAnswer {
	url: string;
	status: LinkStatus;
	/** The final answer's HTTP status; null when none came. */
	httpStatus: number | null;
	/** Where the redirects led, when somewhere else. */
	finalUrl: string | null;
	/** What went wrong (or what an ok answer left to note), in words. */
	detail: string | null;
}

export interface CheckOptions {
	/** For the whole chain of redirects (OUTBOUND_TIMEOUT_MS). */
	timeoutMs: number;
	userAgent: string;
	/** Which addresses may be requested (record 0027): public ones only, unless tests allow loopback. */
	policy?: OutboundPolicy;
}

const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** The server is there and answered, but refuses robots: not evidence of a dead link. */
const REFUSALS = new Set([401, 403, 429]);

/** The site an address belongs to: its registrable domain (procore.com for us.procore.com). */
function siteOf(url: URL): string {
	return getDomain(url.hostname) ?? siteHost(url);
}

/** Whether two addresses are on the same site (a move within a site is not "moved"). */
export function sameSite(a: URL, b: URL): boolean {
	return siteOf(a) === siteOf(b);
}

const httpText = (status: number) =>
	`HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;

const TLS_WORDS: Record<string, string> = {
	DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
	SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
	CERT_HAS_EXPIRED: 'certificate expired',
	ERR_TLS_CERT_ALTNAME_INVALID: 'certificate for another host name',
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate not signed by a known authority',
};

/** Why a request got no answer, in words an editor can act on. */
function failure(error: unknown, timeoutMs: number): string {
	const err = error as Error & { cause?: { code?: string; message?: string }; code?: string };
	if (
		err.name === 'TimeoutError' ||
		(err.name === 'AbortError' && (err.cause as Error | undefined)?.name === 'TimeoutError')
	)
		return `no answer within ${timeoutMs / 1000} s`;
	const code = err.cause?.code ?? err.code ?? '';
	if (code === 'EPRIVATEADDRESS') return err.message;
	if (TLS_WORDS[code]) return `TLS error: ${TLS_WORDS[code]} (${code})`;
	if (/CERT|SSL|TLS|EPROTO/.test(code)) return `TLS error (${code})`;
	if (code === 'ENOTFOUND') return 'no such host (DNS)';
	if (code === 'EAI_AGAIN') return 'host name could not be looked up (DNS)';
	if (code === 'ECONNREFUSED') return 'connection refused';
	if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
		return 'connection closed without an answer';
	return (err.cause?.message ?? err.message) || code || 'request failed';
}

/** What the final answer of a chain that started at `start` means. */
function verdict(start: URL, final: URL, status: number): Omit<LinkAnswer, 'url'> {
	const finalUrl = final.href === start.href ? null : final.href;
	const answered = (status >= 200 && status < 300) || REFUSALS.has(status);
	if (!answered)
		return { status: 'broken', httpStatus: status, finalUrl, detail: httpText(status) };
	const refused = REFUSALS.has(status)
		? `${httpText(status)}: the site refuses automated checks`
		: null;
	if (!sameSite(start, final))
		return {
			status: 'moved',
			httpStatus: status,
			finalUrl,
			detail: `now on another site (${final.hostname})`,
		};
	return { status: 'ok', httpStatus: status, finalUrl, detail: refused };
}

/** Requests `url` (GET, body discarded) and follows its redirects, within one deadline. */
export async function checkLink(url: string, options: CheckOptions): Promise<LinkAnswer> {
	// Only an address the directory would store (record 0030); where its redirects lead is the
	// web's, and each hop is the outbound guard's to refuse.
	const start = webAddress(url);
	if (!start)
		return { url, status: 'broken', httpStatus: null, finalUrl: null, detail: 'not a web address' };
	const signal = AbortSignal.timeout(options.timeoutMs);
	let current = start;
	let lastStatus: number | null = null;
	try {
		for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
			// Each hop is checked again: no redirect is followed to a private or loopback address.
			const response = await guardedFetch(
				current,
				{ signal, headers: { 'user-agent': options.userAgent, accept: 'text/html,*/*;q=0.8' } },
				options.policy,
			);
			await response.body?.cancel();
			lastStatus = response.status;
			const location = response.headers.get('location');
			if (!REDIRECT_STATUSES.has(response.status) || !location)
				return { url, ...verdict(start, current, response.status) };
			current = new URL(location, current);
			if (current.protocol !== 'http:' && current.protocol !== 'https:')
				return {
					url,
					status: 'broken',
					httpStatus: response.status,
					finalUrl: current.href,
					detail: 'redirected to an address that is not a web page',
				};
		}
		return {
			url,
			status: 'broken',
			httpStatus: lastStatus,
			finalUrl: current.href,
			detail: `more than ${MAX_REDIRECTS} redirects`,
		};
	} catch (error) {
		const finalUrl = current.href === start.href ? null : current.href;
		return {
			url,
			status: 'broken',
			httpStatus: null,
			finalUrl,
			detail: failure(error, options.timeoutMs),
		};
	}
}

/**
 * Checks every address, `concurrency` sites at a time and one request at a time per site (a
 * vendor's marketplace holds many integration pages), reporting each answer as it comes.
 * Once `stop` aborts it takes no new address and lets the requests under way finish.
 */
export async function checkLinks(
	urls: string[],
	options: CheckOptions & { concurrency: number; stop?: AbortSignal },
	onAnswer: (answer: LinkAnswer) => void,
): Promise<void> {
	const bySite = new Map<string, string[]>();
	for (const url of urls) {
		const site = URL.canParse(url) ? siteOf(new URL(url)) : url;
		const group = bySite.get(site);
		if (group) group.push(url);
		else bySite.set(site, [url]);
	}
	const queue = [...bySite.values()];
	const worker = async () => {
		for (let group = queue.shift(); group; group = queue.shift())
			for (const url of group) {
				if (options.stop?.aborted) return;
				onAnswer(await checkLink(url, options));
			}
	};
	await Promise.all(Array.from({ length: Math.min(options.concurrency, queue.length) }, worker));
}
