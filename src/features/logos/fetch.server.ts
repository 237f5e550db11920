// Fetches each logo once, at build time, into the cache; a page viewed never asks a third party.
import { guardedFetch, type OutboundPolicy } from '../../lib/outbound-guard.server.ts';
import type { LogoCache, LogoEntry } from './cache.server.ts';
import { resizeLogo } from './resize.server.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** How long each kind of answer is kept before the source is asked again. */
export const LOGO_TTL_MS = {
	/** A logo: refreshed monthly (a rebrand shows within a month). */
	found: 30 * DAY,
	/** The service answered, but with no usable image (404, not an image, too large). */
	missing: 7 * DAY,
	/** No answer (timeout, network error, 5xx): tried again on a build an hour later. */
	unreachable: HOUR,
} as const;

export interface FetchLogosOptions {
	cache: LogoCache;
	/** Each request gives up after this (favicon services answer in well under a second). */
	timeoutMs?: number;
	/** Requests in flight at once. */
	concurrency?: number;
	/**
	 * No request starts after this long: a build with thousands of new tools gets the rest of
	 * its logos on the next builds, and a build never waits long on a slow service.
	 */
	budgetMs?: number;
	/**
	 * After this many requests in a row without an answer the service counts as down: no more
	 * requests this build (offline, every request fails; this keeps it to a handful).
	 */
	giveUpAfter?: number;
	/** Largest body accepted. */
	maxBytes?: number;
	now?: () => number;
	/** Requests one address, redirects answered, not followed (tests pass their own). */
	fetch?: (
		url: string,
		init: { signal: AbortSignal; headers: Record<string, string> },
	) => Promise<Response>;
	/** Which addresses may be requested (record 0027): public ones only, unless tests allow loopback. */
	policy?: OutboundPolicy;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export interface LogoFetchReport {
	/** Answered from the cache without a request. */
	cached: number;
	/** Asked and stored. */
	fetched: number;
	/** Asked; the service has no logo for it. */
	missing: number;
	/** Asked; no answer. */
	unreachable: number;
	/** Not asked (service down or time budget spent): a stale logo if the cache had one. */
	skipped: number;
}

type Outcome = { kind: 'found'; name: string } | { kind: 'missing' } | { kind: 'unreachable' };

/** The body, or null when it is longer than `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
	if (Number(response.headers.get('content-length') ?? 0) > maxBytes) return null;
	const chunks: Uint8Array[] = [];
	let length = 0;
	for await (const chunk of response.body ?? []) {
		length += chunk.length;
		if (length > maxBytes) return null;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

/** Follows redirects hop by hop, each hop requested (and so checked) on its own. */
async function follow(source: string, options: Required<FetchLogosOptions>): Promise<Response> {
	const signal = AbortSignal.timeout(options.timeoutMs);
	let url = source;
	for (let hop = 0; ; hop++) {
		const response = await options.fetch(url, { signal, headers: { accept: 'image/*' } });
		const location = response.headers.get('location');
		if (!REDIRECTS.has(response.status) || !location || hop >= MAX_REDIRECTS) return response;
		await response.body?.cancel();
		url = new URL(location, url).href;
	}
}

async function fetchOne(source: string, options: Required<FetchLogosOptions>): Promise<Outcome> {
	try {
		const response = await follow(source, options);
		if (response.status >= 500 || response.status === 429) {
			await response.body?.cancel();
			return { kind: 'unreachable' };
		}
		if (!response.ok) {
			await response.body?.cancel();
			return { kind: 'missing' };
		}
		const bytes = await readCapped(response, options.maxBytes);
		const logo = bytes && (await resizeLogo(bytes));
		if (!logo) return { kind: 'missing' };
		await options.cache.store(logo);
		return { kind: 'found', name: logo.name };
	} catch {
		return { kind: 'unreachable' };
	}
}

/**
 * The stored logo's name for each source address (null: show the monogram), asking only the
 * sources the cache has no live answer for, `concurrency` at a time. Saves the cache.
 */
export async function fetchLogos(
	sources: Iterable<string>,
	settings: FetchLogosOptions,
): Promise<{ logos: Map<string, string | null>; report: LogoFetchReport }> {
	const options: Required<FetchLogosOptions> = {
		timeoutMs: 4000,
		concurrency: 8,
		budgetMs: 30_000,
		giveUpAfter: 8,
		maxBytes: 512 * 1024,
		now: Date.now,
		fetch: (url, init) => guardedFetch(url, init, settings.policy),
		policy: {},
		...settings,
	};
	const { cache, now } = options;
	const started = now();
	const logos = new Map<string, string | null>();
	const report: LogoFetchReport = { cached: 0, fetched: 0, missing: 0, unreachable: 0, skipped: 0 };
	const toAsk: { source: string; stale?: LogoEntry }[] = [];
	for (const source of new Set(sources)) {
		const entry = cache.get(source);
		if (entry && entry.expiresAt > started) {
			logos.set(source, entry.file);
			report.cached++;
		} else toAsk.push({ source, stale: entry });
	}

	let failuresInARow = 0;
	const stopped = () => failuresInARow >= options.giveUpAfter || now() - started > options.budgetMs;
	let next = 0;
	async function worker() {
		while (next < toAsk.length) {
			const { source, stale } = toAsk[next++];
			if (stopped()) {
				logos.set(source, stale?.file ?? null);
				report.skipped++;
				continue;
			}
			const outcome = await fetchOne(source, options);
			const checkedAt = now();
			if (outcome.kind === 'unreachable') {
				failuresInARow++;
				// Keep a logo we had: no answer is no reason to lose it.
				const file = stale?.file ?? null;
				cache.set(source, { file, checkedAt, expiresAt: checkedAt + LOGO_TTL_MS.unreachable });
				logos.set(source, file);
				report.unreachable++;
				continue;
			}
			failuresInARow = 0;
			const file = outcome.kind === 'found' ? outcome.name : null;
			cache.set(source, { file, checkedAt, expiresAt: checkedAt + LOGO_TTL_MS[outcome.kind] });
			logos.set(source, file);
			report[outcome.kind === 'found' ? 'fetched' : 'missing']++;
		}
	}
	await Promise.all(Array.from({ length: Math.min(options.concurrency, toAsk.length) }, worker));
	await cache.save(now());
	return { logos, report };
}
