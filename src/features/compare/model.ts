/**
 * The one comparison model (record 0024): which rows a comparison has, which of them differ,
 * which date a source page shows, how many partners a cell names and how unknowns fold. The
 * compare island and the "A vs B" pages render what this returns with one component
 * (CompareTable.tsx, hydrated or static), so the same tools get the same answers on both. No vocabulary here: the build words
 * the facts (files.server.ts), so this module costs the island little.
 */
import type { FactKey } from '../facts/vocabulary.ts';
import { integrationKey } from '../integrations/key.ts';
import type {
	CompareLayout,
	ComparePages,
	CompareTool,
	FactLayout,
	NameEntry,
	ShownFact,
} from './files.ts';
import { inSentence, plural } from '../../lib/text.ts';
import { partnerIds } from './partner-ids.ts';

/** How one row stands across the tools compared. */
export type RowState =
	/** Every tool's value is known and they are not all the same: the one kind of difference. */
	| 'differs'
	/** Known for some tools only: nothing to compare with, so never a difference. */
	| 'partly-unknown'
	/** Known for every tool, and the same. */
	| 'same'
	/** Known for none: folded into one line, never a row. */
	| 'unknown';

/** Partners a cell names before "and N more", on both surfaces. */
export const PARTNERS_SHOWN = 10;

/** A list of partners: how many, and the first of them in name order that the files name. */
export interface PartnerList {
	count: number;
	named: NameEntry[];
	/** What its cell says, on every surface (the table, the CSV). */
	cell: PartnerCell;
}

export type PartnerCell = ReturnType<typeof partnerCell>;

/** What a partner cell says: the names shown, then a link to the rest ("and 4 more"). */
export function partnerCell(list: Pick<PartnerList, 'count' | 'named'>) {
	const names = list.named.slice(0, PARTNERS_SHOWN).map(([, name]) => name);
	const more = list.count - names.length;
	return {
		names: names.join(', '),
		/** Before the link: " and " after names, nothing when none is named. */
		joiner: names.length ? ' and ' : '',
		/** The link's words, or null when every partner is named. */
		more: more > 0 ? (names.length ? `${more} more` : plural(more, 'tool')) : null,
	};
}

/** A vendor page read for a tool: its newest date, the facts read there, and who said them. */
export interface SourcePage {
	url: string;
	/** The newest day (YYYY-MM-DD) any fact was checked there: one date per page. */
	verifiedOn: string;
	/** The facts read there, by label, in row order. */
	facts: string[];
	/** True when what the page carries was stated by the vendor (a claimed listing). */
	byVendor: boolean;
}

/** A row of the table: its label is the same on both surfaces and in the CSV. */
export type TableRow = { label: string; state: RowState } &
	/** Each tool's category, as a visitor reads it. */
	(
		| { kind: 'category'; names: string[] }
		| { kind: 'fact'; key: FactKey; facts: (ShownFact | undefined)[] }
		/** How many partners each tool has in the directory. */
		| { kind: 'partner-count'; counts: number[] }
		/** Partners every tool compared works with. */
		| { kind: 'partners-shared'; partners: PartnerList }
		/** Per tool, the partners none of the others has. */
		| { kind: 'partners-only'; partners: PartnerList[] }
		| { kind: 'sources'; pages: SourcePage[][] }
	);

export interface TableSection {
	heading: string;
	rows: TableRow[];
}

export interface Comparison {
	/** The rows to show, in buyer order; a fact unknown for every tool is not among them. */
	sections: TableSection[];
	/** The facts no tool compared documents: one line ("Not documented for any: …"). */
	unknownForAll: { key: FactKey; label: string }[];
	/** The fact rows that differ, by label: the one meaning of "differs". */
	differing: string[];
}

/** A tool's page on this site. */
export const toolPage = (pages: ComparePages, tool: CompareTool) =>
	pages.tool.replace('{id}', String(tool.id));

/** The page listing every partner of a tool, when it has any. */
export const integrationsPage = (pages: ComparePages, tool: CompareTool) =>
	tool.partners.length ? pages.integrations.replace('{key}', integrationKey(tool.id)) : null;

/** Who states a fact the vendor stated: the tool's vendor fact, else the tool's name. */
export const vendorOf = (tool: CompareTool) => tool.facts.vendor?.text ?? tool.name;

/** A row's key in the page (`data-row`): the fact's, or the kind of row. */
export const rowKey = (row: TableRow) => (row.kind === 'fact' ? row.key : row.kind);

/** A row tells the tools apart only when every value is known and they are not all the same. */
export const isDifference = (row: TableRow) => row.state === 'differs';

/** How values stand across the tools; undefined is unknown, never a difference. */
export function rowState(values: readonly (string | undefined)[]): RowState {
	const known = values.filter((value): value is string => value !== undefined);
	if (known.length === 0) return 'unknown';
	if (known.length < values.length) return 'partly-unknown';
	return known.every((value) => value === known[0]) ? 'same' : 'differs';
}

/** The words stand for the values and detail one to one (files.ts): compare them. */
const factWords = (fact: ShownFact | undefined) =>
	fact && (fact.docs ? `${fact.text} ${fact.docs}` : fact.text);

/** Partners every tool compared works with, and those only one of them has (ids). */
export function partnerSplit(partners: readonly (readonly number[])[]) {
	const counts = new Map<number, number>();
	for (const list of partners)
		for (const id of new Set(list)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const shared = [...counts].filter(([, n]) => n === partners.length).map(([id]) => id);
	const only = partners.map((list) => list.filter((id) => counts.get(id) === 1));
	return { shared, only };
}

/** The partners of `list` that `tool`'s file names (the first of its list in name order). */
function namedBy(tool: CompareTool, list: readonly number[], more = 0): PartnerList {
	const wanted = new Set(list);
	const named = tool.partners.filter(([id]) => wanted.has(id));
	const count = list.length + more;
	return { count, named, cell: partnerCell({ count, named }) };
}

function integrationRows(tools: readonly CompareTool[]): TableRow[] {
	const ids = tools.map(partnerIds);
	// Partners whose one partner is this tool come as a count (files.ts): never shared, always
	// only this tool's.
	const counted = tools.map((tool) => tool.onlyPartnerOf ?? 0);
	const counts = ids.map((list, at) => list.length + counted[at]);
	const countRow: TableRow = {
		kind: 'partner-count',
		label: 'Listed integrations',
		counts,
		state: rowState(counts.map(String)),
	};
	if (tools.length < 2) return [countRow];
	const split = partnerSplit(ids);
	// Of the shared ones, the file naming most names every one any file names.
	const shared = tools
		.map((tool) => namedBy(tool, split.shared))
		.reduce((most, next) => (next.named.length > most.named.length ? next : most));
	const only = split.only.map((list, at) => namedBy(tools[at], list, counted[at]));
	return [
		countRow,
		{
			kind: 'partners-shared',
			label: tools.length > 2 ? `Works with all ${tools.length}` : 'Works with both',
			partners: shared,
			state: 'same',
		},
		{
			kind: 'partners-only',
			label: 'Only this one works with',
			partners: only,
			state: only.some((list) => list.count > 0) ? 'differs' : 'same',
		},
	];
}

/** Each tool's pages, once each, with the newest day a fact was checked there. */
function sourcePages(tools: readonly CompareTool[], layout: FactLayout): SourcePage[][] {
	return tools.map((tool) => {
		const pages = new Map<string, SourcePage>();
		for (const section of layout)
			for (const { key, label } of section.facts)
				for (const source of tool.facts[key]?.sources ?? []) {
					const page = pages.get(source.url) ?? {
						url: source.url,
						verifiedOn: source.on,
						facts: [],
						byVendor: false,
					};
					if (source.on > page.verifiedOn) page.verifiedOn = source.on;
					page.byVendor ||= Boolean(source.byVendor);
					page.facts.push(inSentence(label));
					pages.set(source.url, page);
				}
		return [...pages.values()];
	});
}

/**
 * What the tools compared can do: the capability section of each category they are in, the one
 * most of them share first (a comparison within a category leads with what that trade weighs).
 */
export function capabilityLayout(
	tools: readonly CompareTool[],
	capabilities: CompareLayout['capabilities'],
): FactLayout {
	const sections = new Map<string, { section: FactLayout[number]; tools: number }>();
	for (const tool of tools) {
		// A file of an older build has no slug: its capabilities are not compared.
		const section = capabilities[tool.categorySlug];
		if (!section) continue;
		const known = sections.get(tool.categorySlug);
		if (known) known.tools += 1;
		else sections.set(tool.categorySlug, { section, tools: 1 });
	}
	return [...sections.values()].sort((x, y) => y.tools - x.tools).map(({ section }) => section);
}

/**
 * The comparison of the tools given: what they can do (their categories' capabilities), the
 * category and the fact rows in `layout`'s buyer order, the integrations after platforms and
 * offline use, and every page read at the end. A fact unknown for every tool is one line, not a
 * row; with `differencesOnly`, only the rows that differ stay (and the sources: provenance, not
 * a comparison).
 */
export function compareModel(
	tools: readonly CompareTool[],
	{ common, capabilities, categories }: CompareLayout,
	differencesOnly: boolean,
): Comparison {
	const layout = [...capabilityLayout(tools, capabilities), ...common];
	const unknownForAll: Comparison['unknownForAll'] = [];
	const sections: TableSection[] = layout.map((section) => ({
		heading: section.heading,
		rows: section.facts.flatMap(({ key, label }): TableRow[] => {
			const facts = tools.map((tool) => tool.facts[key]);
			const state = rowState(facts.map(factWords));
			if (state === 'unknown') {
				unknownForAll.push({ key, label });
				return [];
			}
			return [{ kind: 'fact', key, label, facts, state }];
		}),
	}));
	const names = tools.map((tool) => categories[tool.categorySlug] ?? tool.categorySlug);
	const firstCommon = layout.length - common.length;
	sections[firstCommon].rows.unshift({
		kind: 'category',
		label: 'Category',
		names,
		state: rowState(names),
	});
	const afterPlatforms =
		layout.findIndex((section) => section.facts.some(({ key }) => key === 'offline')) + 1;
	sections.splice(afterPlatforms, 0, {
		heading: 'Integrations in this directory',
		rows: integrationRows(tools),
	});
	sections.push({
		heading: 'Sources',
		rows: [
			{ kind: 'sources', label: 'Pages read', pages: sourcePages(tools, layout), state: 'same' },
		],
	});
	const differing = sections
		.flatMap((section) => section.rows)
		.flatMap((row) => (row.kind === 'fact' && isDifference(row) ? [row.label] : []));
	const shown = sections
		.map((section) => ({
			...section,
			rows: section.rows.filter(
				(row) => !differencesOnly || row.kind === 'sources' || isDifference(row),
			),
		}))
		.filter((section) => section.rows.length > 0);
	return { sections: shown, unknownForAll, differing };
}

/** Facts a tool needs documented for a page of its own beside another, without a difference. */
export const FACTS_FOR_A_PAGE = 3;

/**
 * Whether a comparison of two tools makes an "A vs B" page worth reading: each tool has at least
 * FACTS_FOR_A_PAGE documented rows in it, or a row differs. Decided on the comparison itself, the
 * one the page would show, so a page exists exactly when what it shows says something; other
 * related pairs go to the compare page instead.
 */
export function deservesAPage(comparison: Comparison, tools: number): boolean {
	if (comparison.differing.length > 0) return true;
	const documented = Array.from({ length: tools }, () => 0);
	for (const section of comparison.sections)
		for (const row of section.rows)
			if (row.kind === 'fact') row.facts.forEach((fact, at) => fact && documented[at]++);
	return documented.every((count) => count >= FACTS_FOR_A_PAGE);
}
