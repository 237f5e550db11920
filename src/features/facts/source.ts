/**
 * Where a fact comes from, as every page showing one words it: the site its page is on, whether
 * it was read there or stated by the vendor, on which day, and whether that is over a year ago.
 * Free of the vocabulary, so the compare island uses it as the static pages do.
 */
import { siteHost } from '../../lib/addresses.ts';
import { dayLabel } from '../../lib/dates.ts';

/** A check older than this says so: a vendor's page may have changed since (record 0024). */
const A_YEAR_MS = 365 * 86_400_000;

/** How a visitor reads where a fact comes from, on every page that shows one. */
export interface Provenance {
	/** "read on the vendor's page" or "stated by Procore", before the day. */
	how: string;
	/** "25 Nov 2026" */
	day: string;
	/** Checked more than twelve months before `now`: the page says "checked over a year ago". */
	overAYear: boolean;
}

/**
 * Whether a fact was read on the vendor's page or stated by the vendor (a claimed listing), on
 * which day, and whether that day is over a year before `now` (the build's day on static pages).
 */
export function provenance(
	isoDay: string,
	byVendor: boolean,
	vendorName: string,
	now: number = Date.now(),
): Provenance {
	return {
		how: byVendor ? `stated by ${vendorName}` : "read on the vendor's page",
		day: dayLabel(isoDay),
		overAYear: now - Date.parse(`${isoDay}T00:00:00Z`) > A_YEAR_MS,
	};
}

// Parsed once per page address: vendors' sources repeat across a build's thousands of pages.
const hosts = new Map<string, string>();

/** "vendor.com": the site a source page is on, as its link reads. */
export function sourceHost(url: string): string {
	let host = hosts.get(url);
	if (host === undefined) {
		host = siteHost(new URL(url));
		hosts.set(url, host);
	}
	return host;
}

/** The longest path a source shows whole; a longer one keeps its first and last parts. */
const PATH_SHOWN = 28;

/**
 * "kbase.oncenter.com/…/takeoff-pricing": the site a source page is on and a short form of the
 * page's path, so two pages of one site read apart (record 0029). The whole address stays in
 * the link. A path up to PATH_SHOWN characters shows whole; a longer one its first segment, "…"
 * and its last, each cut to 18 characters; the query and fragment are left out.
 */
export function sourceLabel(url: string): string {
	const { pathname } = new URL(url);
	const segments = pathname.split('/').filter(Boolean);
	const host = sourceHost(url);
	if (segments.length === 0) return host;
	const path = segments.join('/');
	if (path.length <= PATH_SHOWN) return `${host}/${path}`;
	const cut = (segment: string) => (segment.length > 18 ? `${segment.slice(0, 17)}…` : segment);
	const first = cut(segments[0]);
	return segments.length === 1
		? `${host}/${first}`
		: segments.length === 2
			? `${host}/${first}/${cut(segments[1])}`
			: `${host}/${first}/…/${cut(segments.at(-1)!)}`;
}

/**
 * A source's label in pieces that each end after a slash, dot, hyphen or question mark: the only
 * places it may wrap (SourceNote puts a line-break opportunity between the pieces).
 */
export function wrapPoints(label: string): string[] {
	return label.match(/[^/.?-]*(?:[/.?-]+|$)/g)!.filter(Boolean);
}
