// Integrations for a synthetic catalogue: a few hubs that most tools connect to, and a long
// tail of tools with one or two partners, like the real ecosystem (see decision record 0010).
import type { Sql } from '../../src/lib/store/embedded.server.ts';

const HUBS = 8;
const KINDS = ['native', 'marketplace', 'api'] as const;

/** Pairs among tools given in id order: deterministic, so every run measures the same graph. */
export function syntheticPairs(
	ids: readonly number[],
): { low: number; high: number; kind: string }[] {
	const pairs = new Map<string, { low: number; high: number; kind: string }>();
	const add = (a: number, b: number, n: number) => {
		if (a === b) return;
		const [low, high] = a < b ? [a, b] : [b, a];
		pairs.set(`${low}-${high}`, { low, high, kind: KINDS[n % KINDS.length] });
	};
	const hubs = ids.slice(0, Math.min(HUBS, ids.length));
	for (let n = hubs.length; n < ids.length; n++) {
		if (n % 3 !== 0) add(ids[n], hubs[(n * 7) % hubs.length], n); // two in three join a hub
		if (n % 5 === 0) add(ids[n], hubs[(n * 3 + 1) % hubs.length], n + 1); // some join two
		if (n % 11 === 0 && n + 1 < ids.length) add(ids[n], ids[n + 1], n + 2); // the long tail
	}
	for (let h = 1; h < hubs.length; h++) add(hubs[h - 1], hubs[h], h); // hubs know each other
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
			insert into public.tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			select low, high, kind, 'https://docs.example.com/integrations'
			from jsonb_to_recordset(${sql.json(pairs.slice(start, start + CHUNK) as never)})
				as p(low bigint, high bigint, kind text)`;
	}
	return pairs.length;
}
