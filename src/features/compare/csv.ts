/**
 * A comparison as a spreadsheet, from the one comparison model (model.ts): a row per row of the
 * table, a column per tool with the value in words and a column with the pages it was read on
 * and when. Facts no tool documents are rows that say so; nothing is left out that the table
 * shows. The compare island offers it as a download (loaded when asked for: it imports nothing
 * but types from the model, so the island's own code stays one file); an "A vs B" page links it
 * as a data: URL.
 */
import { type Cell, toCsv } from '../open-data/csv.ts';
import type { CompareTool, ShownFact } from './files.ts';
import type { Comparison, PartnerList, TableRow } from './model.ts';

const UNKNOWN = 'not documented yet';

const sourcesOf = (fact: ShownFact | undefined) =>
	fact ? fact.sources.map((source) => `${source.url} (checked ${source.on})`).join(' ; ') : null;

/** A fact in words, with a capability's conditions. */
const shownWords = (fact: ShownFact | undefined) =>
	fact && (fact.note ? `${fact.text} (${fact.note})` : fact.text);

/** A partner cell in words: "A, B and 3 more", or "None". */
function partnerWords({ count, cell: { names, joiner, more } }: PartnerList): string {
	return count ? `${names}${more ? `${joiner}${more}` : ''}` : 'None';
}

/** What a row says for each tool: [words, sources] per tool. */
function cells(row: TableRow, tools: readonly CompareTool[]): Cell[] {
	const each = (words: (tool: CompareTool, at: number) => Cell, sources?: (at: number) => Cell) =>
		tools.flatMap((tool, at) => [words(tool, at), sources?.(at) ?? null]);
	switch (row.kind) {
		case 'category':
			return each((_, at) => row.names[at]);
		case 'fact':
			return each(
				(_, at) => shownWords(row.facts[at]) ?? UNKNOWN,
				(at) => sourcesOf(row.facts[at]),
			);
		case 'partner-count':
			return each((tool, at) => (tool.partners.length ? row.counts[at] : 'None listed yet'));
		case 'partners-shared':
			return each(() => partnerWords(row.partners));
		case 'partners-only':
			return each((_, at) => partnerWords(row.partners[at]));
		case 'sources':
			return each((_, at) => row.pages[at].map((page) => page.url).join(' ; ') || 'None yet');
	}
}

/** The comparison as CSV text (RFC 4180, a byte order mark, formulas defused: open-data/csv.ts). */
export function comparisonCsv(tools: readonly CompareTool[], comparison: Comparison): string {
	const header = [
		'Section',
		'Row',
		...tools.flatMap((tool) => [tool.name, `${tool.name}: source`]),
	];
	const rows: Cell[][] = comparison.sections.flatMap((section) =>
		section.rows.map((row) => [section.heading, row.label, ...cells(row, tools)]),
	);
	for (const { label } of comparison.unknownForAll)
		rows.push([
			'Not documented for any of them yet',
			label,
			...tools.flatMap(() => [UNKNOWN, null]),
		]);
	return toCsv(header, rows);
}

/** Hands the comparison to the browser's downloads as "stack-vs-proest.csv". */
export function downloadCsv(tools: readonly CompareTool[], comparison: Comparison) {
	const blob = new Blob([comparisonCsv(tools, comparison)], { type: 'text/csv;charset=utf-8' });
	const link = document.createElement('a');
	link.href = URL.createObjectURL(blob);
	link.download = csvFileName(tools);
	link.click();
	// The click has handed the file to the download: the address can go.
	setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** A file name for the download: "stack-vs-proest.csv". */
export function csvFileName(tools: readonly CompareTool[]): string {
	const slug = (name: string) =>
		name
			.toLowerCase()
			.normalize('NFKD')
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '');
	return `${tools.map((tool) => slug(tool.name)).join('-vs-') || 'comparison'}.csv`;
}
