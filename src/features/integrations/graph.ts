import { safeHttpUrl } from '../../lib/tool-url.ts';
import {
	INTEGRATION_KINDS,
	type Integration,
	type IntegrationKind,
	type Partner,
} from './types.ts';

type Row = Record<string, unknown>;

/**
 * Turns `tool_integrations` rows into integrations between tools the site shows, leaving out
 * (with a warning) rows the build cannot render safely, and rows whose tool the catalogue left
 * out, so one bad row never breaks the build or links to a missing page.
 */
export function parseIntegrations(
	rows: readonly Row[],
	shownToolIds: ReadonlySet<number>,
	warn: (message: string) => void = console.warn,
): Integration[] {
	const integrations: Integration[] = [];
	for (const row of rows) {
		const lowId = Number(row.tool_low_id);
		const highId = Number(row.tool_high_id);
		const kind = String(row.kind) as IntegrationKind;
		const source = safeHttpUrl(String(row.source_url ?? ''));
		const problem = !INTEGRATION_KINDS.includes(kind)
			? `unknown kind ${JSON.stringify(row.kind)}`
			: !source
				? 'a source that is not an http(s) URL'
				: !(lowId < highId)
					? 'not an ordered pair'
					: null;
		if (problem) {
			warn(`[integrations] left out row id=${String(row.id)}: ${problem}`);
			continue;
		}
		if (!shownToolIds.has(lowId) || !shownToolIds.has(highId)) continue;
		const note = typeof row.note === 'string' && row.note.trim() ? row.note.trim() : null;
		integrations.push({ lowId, highId, kind, note, sourceUrl: source!.href });
	}
	return integrations;
}

/** Each tool's partners, from both sides of every pair, in the order given by `rank`. */
export function partnersByTool(
	integrations: readonly Integration[],
	rank: (id: number) => number = (id) => id,
): Map<number, Partner[]> {
	const partners = new Map<number, Partner[]>();
	const add = (from: number, to: number, { kind, note, sourceUrl }: Integration) => {
		let list = partners.get(from);
		if (!list) partners.set(from, (list = []));
		list.push({ id: to, kind, note, sourceUrl });
	};
	for (const pair of integrations) {
		add(pair.lowId, pair.highId, pair);
		add(pair.highId, pair.lowId, pair);
	}
	for (const list of partners.values()) list.sort((a, b) => rank(a.id) - rank(b.id));
	return partners;
}

export interface Hub {
	id: number;
	partners: number;
}

/**
 * Tools with at least one partner, most connected first; ties keep catalogue (name) order.
 * A counting sort on the number of partners, so ranking stays linear at any catalogue size.
 */
export function rankHubs(
	toolIdsInOrder: readonly number[],
	partners: ReadonlyMap<number, readonly unknown[]>,
): Hub[] {
	const buckets: number[][] = [];
	for (const id of toolIdsInOrder) {
		const count = partners.get(id)?.length ?? 0;
		if (count > 0) (buckets[count] ??= []).push(id);
	}
	const hubs: Hub[] = [];
	for (let count = buckets.length - 1; count > 0; count--)
		for (const id of buckets[count] ?? []) hubs.push({ id, partners: count });
	return hubs;
}
