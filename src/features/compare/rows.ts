/**
 * The rows of a side-by-side comparison, in buyer order (who it is for, pricing, platforms and
 * offline, security, the company), and which of them differ: shared by the "A vs B" pages and
 * the compare island, so both say the same thing the same way.
 */
import type { Fact, ToolFacts } from '../facts/facts.ts';
import { FACTS, type FactKey } from '../facts/vocabulary.ts';
import { type RowState, rowState } from './row-state.ts';

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

export { partnerSplit, type RowState, rowState } from './row-state.ts';

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
