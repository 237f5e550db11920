/**
 * What the compare page's table shows for the tools chosen: the fact rows in buyer order
 * (rows.ts, passed in as `layout`), the category first, the integrations after platforms and
 * offline use, and every page read at the end; with "differences only", just the rows that
 * tell the tools apart.
 */
import type { FactKey } from '../facts/vocabulary.ts';
import type { CompareTool, FactLayout, NameEntry, ShownFact } from './files.ts';
import { partnerIds } from './partner-ids.ts';
import { partnerSplit, type RowState, rowState } from './row-state.ts';

/** A vendor page read for a tool, with the last day (YYYY-MM-DD) a fact was checked there. */
export interface SourcePage {
	url: string;
	verifiedOn: string;
}

export type TableRow =
	| { kind: 'category'; state: RowState }
	| {
			kind: 'fact';
			key: FactKey;
			label: string;
			facts: (ShownFact | undefined)[];
			state: RowState;
	  }
	/** How many partners each tool has in the directory. */
	| { kind: 'partner-count'; counts: number[]; state: RowState }
	/** Partners every tool compared works with. */
	| { kind: 'partners-shared'; partners: PartnerList; state: RowState }
	/** Per tool, the partners none of the others has. */
	| { kind: 'partners-only'; partners: PartnerList[]; state: RowState }
	| { kind: 'sources'; pages: SourcePage[][]; state: RowState };

/** A list of partners: how many, and the first of them in name order that the files name. */
export interface PartnerList {
	count: number;
	named: NameEntry[];
}

export interface TableSection {
	heading: string;
	rows: TableRow[];
}

/** A row that tells the tools apart: they differ, or only some are documented. */
export const isDifference = (row: TableRow) =>
	row.state === 'differs' || row.state === 'partly-unknown';

const allSame = (values: readonly unknown[]): RowState =>
	values.every((value) => value === values[0]) ? 'same' : 'differs';

function integrationRows(tools: readonly CompareTool[]): TableRow[] {
	const ids = tools.map(partnerIds);
	// Partners whose one partner is this tool come as a count (files.ts): never shared, always
	// only this tool's.
	const counted = tools.map((tool) => tool.onlyPartnerOf ?? 0);
	const counts = ids.map((list, at) => list.length + counted[at]);
	const countRow: TableRow = { kind: 'partner-count', counts, state: allSame(counts) };
	if (tools.length < 2) return [countRow];
	const split = partnerSplit(ids);
	// A file names the first of its partners in name order, so the ones of a list it names are
	// the first of that list: of the shared ones, the file naming most names all any file names.
	const namedBy = (tool: CompareTool, list: readonly number[], more = 0): PartnerList => {
		const wanted = new Set(list);
		return { count: list.length + more, named: tool.partners.filter(([id]) => wanted.has(id)) };
	};
	const shared = tools
		.map((tool) => namedBy(tool, split.shared))
		.reduce((most, next) => (next.named.length > most.named.length ? next : most));
	const only = split.only.map((list, at) => namedBy(tools[at], list, counted[at]));
	return [
		countRow,
		{ kind: 'partners-shared', partners: shared, state: 'same' },
		{
			kind: 'partners-only',
			partners: only,
			state: only.some((list) => list.count > 0) ? 'differs' : 'same',
		},
	];
}

/** Each tool's distinct source pages, in the order its facts are shown. */
function sourcePages(tools: readonly CompareTool[], layout: FactLayout): SourcePage[][] {
	return tools.map((tool) => {
		const pages = new Map<string, SourcePage>();
		for (const section of layout)
			for (const { key } of section.facts)
				for (const [url, verifiedOn] of tool.facts[key]?.sources ?? [])
					if ((pages.get(url)?.verifiedOn ?? '') < verifiedOn) pages.set(url, { url, verifiedOn });
		return [...pages.values()];
	});
}

export function compareTable(
	tools: readonly CompareTool[],
	layout: FactLayout,
	differencesOnly: boolean,
): TableSection[] {
	const sections: TableSection[] = layout.map((section) => ({
		heading: section.heading,
		rows: section.facts.map(({ key, label }) => {
			const facts = tools.map((tool) => tool.facts[key]);
			// The words stand for the values and detail one to one (files.ts): compare them.
			const compared = facts.map((fact) => fact && { value: [fact.text], detail: fact.docs });
			return { kind: 'fact', key, label, facts, state: rowState(compared) };
		}),
	}));
	sections[0].rows.unshift({
		kind: 'category',
		state: allSame(tools.map((tool) => tool.category)),
	});
	const afterPlatforms =
		layout.findIndex((section) => section.facts.some(({ key }) => key === 'offline')) + 1;
	sections.splice(afterPlatforms, 0, {
		heading: 'Integrations in this directory',
		rows: integrationRows(tools),
	});
	sections.push({
		heading: 'Sources',
		rows: [{ kind: 'sources', pages: sourcePages(tools, layout), state: 'same' }],
	});
	if (!differencesOnly) return sections;
	return sections
		.map((section) => ({
			...section,
			rows: section.rows.filter((row) => row.kind === 'sources' || isDifference(row)),
		}))
		.filter((section) => section.rows.length > 0);
}
