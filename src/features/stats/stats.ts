/**
 * The numbers of /stats/, worked out from the build's published data (live tools, their facts,
 * the connections that count). Pure, so the page and the tests agree. A chart about a fact says
 * how many tools it is documented for: unknown is never counted as "no".
 */
import type { CategorySlug } from '../../lib/categories.ts';
import { CATEGORIES } from '../../lib/categories.ts';
import type { ToolFacts } from '../facts/facts.ts';
import {
	AUDIENCES,
	FACT_KEYS,
	FACTS,
	type FactKey,
	PLATFORMS,
	PRICING_MODELS,
} from '../facts/vocabulary.ts';
import { MOVE_KEYS, MOVES, VIA_KEYS, VIAS } from '../integrations/details.ts';
import type { Integration } from '../integrations/types.ts';
import { PHASES } from '../landscape/phases.ts';

export interface Bar {
	label: string;
	value: number;
}

export interface Chart {
	bars: Bar[];
	/** Of how many the bars count (tools with the fact documented, connections, tools). */
	documented: number;
	total: number;
}

export interface StatsTool {
	id: number;
	name: string;
	category: CategorySlug;
	publishedAt: Date | null;
}

const month = (date: string | Date) =>
	(typeof date === 'string' ? date : date.toISOString()).slice(0, 7);

/** Counts by month, oldest first, every month between the first and the last present. */
export function byMonth(dates: readonly (string | Date)[]): Bar[] {
	const counts = new Map<string, number>();
	for (const date of dates) counts.set(month(date), (counts.get(month(date)) ?? 0) + 1);
	if (counts.size === 0) return [];
	const keys = [...counts.keys()].sort();
	const bars: Bar[] = [];
	let [year, m] = keys[0].split('-').map(Number);
	const last = keys.at(-1)!;
	for (;;) {
		const key = `${year}-${String(m).padStart(2, '0')}`;
		bars.push({ label: key, value: counts.get(key) ?? 0 });
		if (key === last) return bars;
		m = m === 12 ? 1 : m + 1;
		if (m === 1) year++;
	}
}

function setFactChart(
	tools: readonly StatsTool[],
	facts: ReadonlyMap<number, ToolFacts>,
	key: FactKey,
	values: Record<string, string>,
): Chart {
	const documented = tools.filter((tool) => facts.get(tool.id)?.[key]);
	return {
		bars: Object.entries(values).map(([value, label]) => ({
			label,
			value: documented.filter((tool) => facts.get(tool.id)![key]!.value.includes(value)).length,
		})),
		documented: documented.length,
		total: tools.length,
	};
}

export function computeStats(
	tools: readonly StatsTool[],
	facts: ReadonlyMap<number, ToolFacts>,
	integrations: readonly Integration[],
) {
	const total = tools.length;
	const own = new Map<CategorySlug, number>();
	for (const tool of tools) own.set(tool.category, (own.get(tool.category) ?? 0) + 1);
	const phases = PHASES.map((phase) => ({
		label: phase.label,
		value: phase.categories.reduce((sum, slug) => sum + (own.get(slug) ?? 0), 0),
	}));
	const categories = PHASES.flatMap((phase) =>
		phase.categories.map((slug) => ({
			label: CATEGORIES.get(slug)!.label,
			value: own.get(slug) ?? 0,
		})),
	);
	// One pass over each tool's facts (not one over the catalogue per fact: 119 facts at 10,000
	// tools was a second of the build).
	const documentedBy = new Map<FactKey, number>();
	for (const tool of tools) {
		const toolFacts = facts.get(tool.id) ?? {};
		for (const key of Object.keys(toolFacts) as FactKey[])
			if (toolFacts[key]) documentedBy.set(key, (documentedBy.get(key) ?? 0) + 1);
	}
	const completeness = FACT_KEYS.map((key) => ({
		label: FACTS[key].label,
		value: documentedBy.get(key) ?? 0,
	}));

	const names = new Map(tools.map((tool) => [tool.id, tool.name]));
	const partners = new Map<number, number>();
	for (const pair of integrations)
		for (const id of [pair.lowId, pair.highId]) partners.set(id, (partners.get(id) ?? 0) + 1);
	const connected = [...partners]
		.sort((a, b) => b[1] - a[1] || names.get(a[0])!.localeCompare(names.get(b[0])!))
		.slice(0, 15)
		.map(([id, value]) => ({ id, label: names.get(id)!, value }));
	const viaKnown = integrations.filter((pair) => pair.via !== null);
	const movesKnown = integrations.filter((pair) => pair.moves !== null);
	const factReadings = [...facts.values()].flatMap((toolFacts) =>
		Object.values(toolFacts).flatMap((fact) => fact.sources.map((source) => source.verifiedOn)),
	);
	return {
		total,
		phases: { bars: phases, documented: total, total } satisfies Chart,
		categories: { bars: categories, documented: total, total } satisfies Chart,
		platforms: setFactChart(tools, facts, 'platforms', PLATFORMS),
		pricing: setFactChart(tools, facts, 'pricing_model', PRICING_MODELS),
		audience: setFactChart(tools, facts, 'audience', AUDIENCES),
		completeness: { bars: completeness, documented: total, total } satisfies Chart,
		connections: integrations.length,
		connected: { bars: connected, documented: partners.size, total } satisfies Chart,
		via: {
			bars: VIA_KEYS.map((via) => ({
				label: VIAS[via],
				value: viaKnown.filter((pair) => pair.via === via).length,
			})),
			documented: viaKnown.length,
			total: integrations.length,
		} satisfies Chart,
		moves: {
			bars: MOVE_KEYS.map((move) => ({
				label: MOVES[move],
				value: movesKnown.filter((pair) => pair.moves!.includes(move)).length,
			})),
			documented: movesKnown.length,
			total: integrations.length,
		} satisfies Chart,
		published: byMonth(tools.flatMap((tool) => (tool.publishedAt ? [tool.publishedAt] : []))),
		publishedKnown: tools.filter((tool) => tool.publishedAt).length,
		factsVerified: byMonth(factReadings),
		connectionsVerified: byMonth(integrations.map((pair) => pair.verifiedOn)),
	};
}

export type Stats = ReturnType<typeof computeStats>;
