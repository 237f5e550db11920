// Integrations for a synthetic catalogue: a few hubs that most tools connect to, and a long
// tail of tools with one or two partners, like the real ecosystem (see decision record 0010),
// each saying what it moves, which way and through what about as often as the sample's do
// (supabase/research/integrations.md). `syntheticStackPairs` makes a denser graph of a given
// size for the stack page's measurement (bench/stack.ts).
import { MOVE_KEYS, type Move, orderedMoves } from '../src/features/integrations/details.ts';
import { kindOfVia } from '../src/features/integrations/types.ts';
import type { Sql } from '../src/lib/store/embedded.server.ts';

const HUBS = 8;
const KINDS = ['native', 'marketplace', 'api'] as const;
const SERVICES = ['Agave', 'hh2', 'Ryvit', 'Zapier', 'Workato', 'Trimble App Xchange'];
const VIAS = ['built_in', 'file_exchange', 'middleware', 'marketplace_app'] as const;
const DIRECTIONS = ['both', 'low_to_high', 'high_to_low'] as const;

export interface SyntheticPair {
	low: number;
	high: number;
	kind: string;
	direction: string | null;
	moves: Move[] | null;
	via: string | null;
	via_service: string | null;
	status: string | null;
	verified_on: string;
	source_url: string;
	note: string | null;
}

/** A deterministic hash of a pair and a salt, in [0, 1). */
function unit(low: number, high: number, salt: number): number {
	let h = Math.imul(low ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(high + salt, 0xc2b2ae35);
	h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
	h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
	return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/**
 * What a pair says, from its ends alone (the same pair always says the same): most sources name
 * a direction, one to four items and the way through; a few a beta, deprecated or retired status.
 */
export function syntheticPair(low: number, high: number): SyntheticPair {
	const r = (salt: number) => unit(low, high, salt);
	const via = r(1) < 0.05 ? null : VIAS[Math.floor(r(2) ** 1.4 * VIAS.length)];
	const service = via === 'middleware' ? SERVICES[Math.floor(r(3) * SERVICES.length)] : null;
	const items = 1 + Math.floor(r(4) * 4);
	const moves =
		r(5) < 0.08
			? null
			: orderedMoves(
					Array.from(
						{ length: items },
						(_, k) => MOVE_KEYS[Math.floor(r(10 + k) * MOVE_KEYS.length)],
					),
				);
	const status = r(6);
	const day = new Date(Date.UTC(2026, 10, 25) - Math.floor(r(7) * 400) * 86_400_000);
	return {
		low,
		high,
		kind: via ? kindOfVia(via) : KINDS[(low + high) % KINDS.length],
		direction: r(8) < 0.1 ? null : DIRECTIONS[Math.floor(r(9) * DIRECTIONS.length)],
		moves,
		via,
		via_service: service,
		status:
			status < 0.02 ? 'beta' : status < 0.03 ? 'deprecated' : status < 0.04 ? 'retired' : null,
		verified_on: day.toISOString().slice(0, 10),
		source_url: `https://help.vendor-${low % 997}.example.com/integrations/partner-${high}`,
		note: r(20) < 0.3 ? `Syncs ${moves?.join(' and ') ?? 'records'} with partner ${high}` : null,
	};
}

/** Pairs among tools given in id order: deterministic, so every run measures the same graph. */
export function syntheticPairs(ids: readonly number[]): SyntheticPair[] {
	const pairs = new Map<string, SyntheticPair>();
	const add = (a: number, b: number) => {
		if (a === b) return;
		const [low, high] = a < b ? [a, b] : [b, a];
		pairs.set(`${low}-${high}`, syntheticPair(low, high));
	};
	const hubs = ids.slice(0, Math.min(HUBS, ids.length));
	for (let n = hubs.length; n < ids.length; n++) {
		if (n % 3 !== 0) add(ids[n], hubs[(n * 7) % hubs.length]); // two in three join a hub
		if (n % 5 === 0) add(ids[n], hubs[(n * 3 + 1) % hubs.length]); // some join two
		if (n % 11 === 0 && n + 1 < ids.length) add(ids[n], ids[n + 1]); // the long tail
	}
	for (let h = 1; h < hubs.length; h++) add(hubs[h - 1], hubs[h]); // hubs know each other
	return [...pairs.values()];
}

/**
 * `count` pairs among tools given in id order (say 50,000 among 10,000): the pairs of
 * `syntheticPairs`, then a middle tier of platforms with hundreds of partners each, then
 * neighbours in the catalogue, until the count is reached. Deterministic.
 */
export function syntheticStackPairs(ids: readonly number[], count: number): SyntheticPair[] {
	const pairs = new Map(syntheticPairs(ids).map((pair) => [`${pair.low}-${pair.high}`, pair]));
	const add = (a: number, b: number) => {
		if (a === b || pairs.size >= count) return;
		const [low, high] = a < b ? [a, b] : [b, a];
		const key = `${low}-${high}`;
		if (!pairs.has(key)) pairs.set(key, syntheticPair(low, high));
	};
	const platforms = ids.slice(HUBS, HUBS + Math.ceil(ids.length / 50));
	for (let n = 0; n < ids.length && pairs.size < count; n++)
		for (let k = 0; k < 2; k++)
			add(ids[n], platforms[Math.floor(unit(n, k, 31) * platforms.length)]);
	for (let step = 1; pairs.size < count && step < ids.length; step++)
		for (let n = 0; n + step < ids.length && pairs.size < count; n += 1 + (step % 3))
			if (unit(n, step, 37) < 0.35) add(ids[n], ids[n + step]);
	return [...pairs.values()];
}

/** Links the catalogue's tools as `syntheticPairs` says; returns how many pairs. */
export async function insertIntegrations(sql: Sql): Promise<number> {
	const ids = (await sql`select id from public.construction_apps order by id`).map((row) =>
		Number(row.id),
	);
	const pairs = syntheticPairs(ids);
	const CHUNK = 10_000;
	for (let start = 0; start < pairs.length; start += CHUNK) {
		await sql`
			insert into public.tool_integrations (tool_low_id, tool_high_id, kind, note, source_url,
				direction, moves, via, via_service, status, verified_on)
			select low, high, kind, note, source_url, direction, moves, via, via_service, status,
				verified_on
			from jsonb_to_recordset(${sql.json(pairs.slice(start, start + CHUNK) as never)})
				as p(low bigint, high bigint, kind text, note text, source_url text, direction text,
					moves text[], via text, via_service text, status text, verified_on date)`;
	}
	return pairs.length;
}
