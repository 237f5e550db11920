import { isoDay } from '../../lib/dates.ts';
import { webAddress } from '../../lib/addresses.ts';
import {
	flowOf,
	MOVE_KEYS,
	type Move,
	orderedMoves,
	STATUS_KEYS,
	type Status,
	STORED_DIRECTIONS,
	type StoredDirection,
	VIA_KEYS,
	type Via,
} from './details.ts';
import {
	type ConnectionDetails,
	INTEGRATION_KINDS,
	type Integration,
	type IntegrationKind,
	type Partner,
} from './types.ts';

type Row = Record<string, unknown>;

const oneOf = <T extends string>(words: readonly T[], value: unknown): T | null =>
	words.includes(value as T) ? (value as T) : null;

/**
 * What a row says the connection does. A detail the site has no words for is read as unknown
 * (with a warning) rather than dropping the pair: the database's checks make it rare.
 */
function details(row: Row, problem: (what: string) => void) {
	const word = <T extends string>(column: string, words: readonly T[]): T | null => {
		const value = row[column] ?? null;
		const known = oneOf(words, value);
		if (value !== null && !known) problem(`${column} ${JSON.stringify(value)}`);
		return known;
	};
	const direction = word<StoredDirection>('direction', STORED_DIRECTIONS);
	const status = word<Status>('status', STATUS_KEYS);
	let via = word<Via>('via', VIA_KEYS);
	const service = typeof row.via_service === 'string' ? row.via_service.trim() : '';
	if (via === 'middleware' && !service) {
		problem('a middleware without its name');
		via = null;
	}
	let moves: Move[] | null = null;
	if (Array.isArray(row.moves) && row.moves.length) {
		const known = row.moves.filter((move) => MOVE_KEYS.includes(move));
		if (known.length < row.moves.length) problem(`moves ${JSON.stringify(row.moves)}`);
		moves = known.length ? orderedMoves(known) : null;
	}
	return {
		direction,
		moves,
		via,
		viaService: via === 'middleware' ? service : null,
		status,
	};
}

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
		const source = webAddress(row.source_url);
		const verifiedOn = isoDay(row.verified_on);
		let problem: string | null = null;
		if (!INTEGRATION_KINDS.includes(kind)) problem = `unknown kind ${JSON.stringify(row.kind)}`;
		else if (!source) problem = 'a source that is not an http(s) URL';
		else if (!(lowId < highId)) problem = 'not an ordered pair';
		else if (!verifiedOn) problem = 'no day its source was read';
		if (problem) {
			warn(`[integrations] left out row id=${String(row.id)}: ${problem}`);
			continue;
		}
		if (!shownToolIds.has(lowId) || !shownToolIds.has(highId)) continue;
		const note = typeof row.note === 'string' && row.note.trim() ? row.note.trim() : null;
		const said = details(row, (what) =>
			warn(`[integrations] row id=${String(row.id)}: ${what} read as not documented`),
		);
		integrations.push({
			lowId,
			highId,
			kind,
			note,
			sourceUrl: source!.href,
			verifiedOn: verifiedOn!,
			...said,
		});
	}
	return integrations;
}

/** Whether a connection counts as a partnership: any but one its vendor retired. */
export const countsAsPartner = (integration: { status: Status | null }) =>
	integration.status !== 'retired';

function sides(
	integrations: readonly Integration[],
	keep: (integration: Integration) => boolean,
	rank: (id: number) => number,
): Map<number, Partner[]> {
	const partners = new Map<number, Partner[]>();
	const add = (from: number, to: number, pair: Integration) => {
		let list = partners.get(from);
		if (!list) partners.set(from, (list = []));
		const { kind, note, sourceUrl, moves, via, viaService, status, verifiedOn } = pair;
		const said: ConnectionDetails = { moves, via, viaService, status, verifiedOn };
		list.push({ id: to, kind, note, sourceUrl, flow: flowOf(pair.direction, from < to), ...said });
	};
	for (const pair of integrations) {
		if (!keep(pair)) continue;
		add(pair.lowId, pair.highId, pair);
		add(pair.highId, pair.lowId, pair);
	}
	for (const list of partners.values()) list.sort((a, b) => rank(a.id) - rank(b.id));
	return partners;
}

/**
 * Each tool's partners, from both sides of every pair, in the order given by `rank`. A
 * connection its vendor retired is no partnership: `retiredByTool` lists those.
 */
export function partnersByTool(
	integrations: readonly Integration[],
	rank: (id: number) => number = (id) => id,
): Map<number, Partner[]> {
	return sides(integrations, countsAsPartner, rank);
}

/** Each tool's retired connections, from both sides, in the order given by `rank`. */
export function retiredByTool(
	integrations: readonly Integration[],
	rank: (id: number) => number = (id) => id,
): Map<number, Partner[]> {
	return sides(integrations, (pair) => !countsAsPartner(pair), rank);
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
