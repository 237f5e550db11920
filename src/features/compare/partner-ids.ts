/**
 * A compare file names a tool's first partners and gives the rest as ids only (files.ts): a hub's
 * thousand names would outweigh the page's budget, and only the first few fit in a cell anyway.
 * The ids go sorted, each as its gap from the one before, small numbers that gzip to about a
 * byte each. The island needs the id of every partner another tool could share, to count exactly
 * what is shared and what is not; the partners whose one partner is this tool are a count.
 */
import type { CompareTool } from './files.ts';

/** Ids as gaps: [12, 3, 40] → [3, 9, 28] (sorted, the first from 0). */
export function toGaps(ids: readonly number[]): number[] {
	const sorted = [...ids].sort((x, y) => x - y);
	return sorted.map((id, at) => id - (sorted[at - 1] ?? 0));
}

/** The ids back from their gaps, sorted: [3, 9, 28] → [3, 12, 40]. */
export function fromGaps(gaps: readonly number[]): number[] {
	let id = 0;
	return gaps.map((gap) => (id += gap));
}

/**
 * Every partner id of a tool's file: the named ones in name order, then the rest by id. Partners
 * counted in `onlyPartnerOf` have no id here: `partnerCount` counts them too.
 */
export const partnerIds = (tool: CompareTool): number[] => [
	...tool.partners.map(([id]) => id),
	...fromGaps(tool.morePartners ?? []),
];

/** How many partners a tool has in the directory: every id, and those counted only. */
export const partnerCount = (tool: CompareTool): number =>
	partnerIds(tool).length + (tool.onlyPartnerOf ?? 0);
