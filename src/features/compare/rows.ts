/**
 * The rows of a side-by-side comparison, in buyer order (who it is for, pricing, platforms and
 * offline, security, the company), and which of them differ: shared by the "A vs B" pages and
 * the compare island, so both say the same thing the same way.
 */
import type { Fact, ToolFacts } from '../facts/facts.ts';
import { FACTS, type FactKey } from '../facts/vocabulary.ts';

export interface CompareSection {
	heading: string;
	facts: FactKey[];
}

export const COMPARE_SECTIONS: CompareSection[] = [
	{ heading: 'Who it is for', facts: ['audience', 'company_size', 'also_does'] },
	{
		heading: 'Pricing',
		facts: ['pricing_model', 'starting_price', 'free_version', 'free_trial'],
	},
	{ heading: 'Platforms and offline use', facts: ['platforms', 'offline'] },
	{ heading: 'Security and integration', facts: ['open_api', 'soc2', 'sso'] },
	{ heading: 'The company', facts: ['vendor', 'hq_country', 'founded'] },
];

/** How one fact stands across the tools compared. */
export type RowState =
	/** Every tool's fact is known and they differ. */
	| 'differs'
	/** Known for some tools only: nothing to compare it with. */
	| 'partly-unknown'
	/** Known for every tool, and the same. */
	| 'same'
	/** Known for none. */
	| 'unknown';

const sameValue = (x: Fact, y: Fact) =>
	x.value.length === y.value.length &&
	x.value.every((value) => y.value.includes(value)) &&
	(x.detail ?? '') === (y.detail ?? '');

export function rowState(facts: readonly (Fact | undefined)[]): RowState {
	const known = facts.filter((fact): fact is Fact => Boolean(fact));
	if (known.length === 0) return 'unknown';
	if (known.length < facts.length) return 'partly-unknown';
	return known.every((fact) => sameValue(fact, known[0])) ? 'same' : 'differs';
}

export interface CompareRow {
	key: FactKey;
	label: string;
	facts: (Fact | undefined)[];
	state: RowState;
}

/** Every fact's row for the tools given, in buyer order, grouped by section. */
export function compareRows(tools: readonly (ToolFacts | undefined)[]) {
	return COMPARE_SECTIONS.map((section) => ({
		heading: section.heading,
		rows: section.facts.map((key): CompareRow => {
			const facts = tools.map((facts) => facts?.[key]);
			return { key, label: FACTS[key].label, facts, state: rowState(facts) };
		}),
	}));
}

/** Rows that tell the tools apart first (differs, then partly unknown), then the rest. */
export function differencesFirst(rows: readonly CompareRow[]): CompareRow[] {
	const rank: Record<RowState, number> = { differs: 0, 'partly-unknown': 1, same: 2, unknown: 3 };
	return rows
		.map((row, at) => ({ row, at }))
		.sort((x, y) => rank[x.row.state] - rank[y.row.state] || x.at - y.at)
		.map(({ row }) => row);
}

/** Partners every tool compared works with, and those only one of them has (ids). */
export function partnerSplit(partners: readonly (readonly number[])[]): {
	shared: number[];
	only: number[][];
} {
	const counts = new Map<number, number>();
	for (const list of partners)
		for (const id of new Set(list)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const shared = [...counts].filter(([, n]) => n === partners.length).map(([id]) => id);
	const only = partners.map((list) => list.filter((id) => counts.get(id) === 1));
	return { shared, only };
}
