/**
 * The open data files (/data/…): their columns, each with what it holds (the /data/ page lists
 * the same descriptions), and the rows of each from the build's published data. Pure.
 */
import type { Tool } from '../../lib/catalogue.server.ts';
import { paths } from '../../lib/paths.ts';
import type { Fact, FactSource, ToolFacts } from '../facts/facts.ts';
import { FACT_KEYS, type FactKey } from '../facts/vocabulary.ts';
import type { Integration } from '../integrations/types.ts';
import type { Cell } from './csv.ts';

/** Several values in one cell: `web;ios;android`. */
export const LIST_SEPARATOR = ';';

export interface Column<Row> {
	name: string;
	description: string;
	cell(row: Row): Cell;
}

export interface OpenDataInput {
	site: URL;
	tools: readonly Tool[];
	facts: ReadonlyMap<number, ToolFacts>;
	/** Every connection between live tools, retired ones too (their status says so). */
	integrations: readonly Integration[];
}

const list = (values: readonly string[] | null | undefined) =>
	values?.length ? values.join(LIST_SEPARATOR) : null;

export const pageUrl = (site: URL, id: number) => new URL(paths.tool(id), site).href;

interface ToolRow {
	tool: Tool;
	facts: ToolFacts | undefined;
	site: URL;
}

export const TOOL_COLUMNS: Column<ToolRow>[] = [
	{
		name: 'id',
		description: 'The tool’s number in the directory (stable).',
		cell: (r) => r.tool.id,
	},
	{ name: 'name', description: 'Its name.', cell: (r) => r.tool.name },
	{
		name: 'description',
		description: 'What it does, in a sentence.',
		cell: (r) => r.tool.description || null,
	},
	{ name: 'url', description: 'Its own website.', cell: (r) => r.tool.url },
	{
		name: 'category',
		description: 'Its category (a slug of the fixed taxonomy).',
		cell: (r) => r.tool.category,
	},
	{
		name: 'also_does',
		description: `Other categories it documentedly also does, separated by "${LIST_SEPARATOR}".`,
		cell: (r) => list(r.facts?.also_does?.value),
	},
	{
		name: 'published_at',
		description: 'When it was published in the directory (ISO 8601, UTC), if recorded.',
		cell: (r) => r.tool.publishedAt?.toISOString() ?? null,
	},
	{
		name: 'page',
		description: 'Its page in the directory.',
		cell: (r) => pageUrl(r.site, r.tool.id),
	},
];

interface FactRow {
	tool: Tool;
	key: FactKey;
	fact: Fact;
	source: FactSource;
}

export const FACT_COLUMNS: Column<FactRow>[] = [
	{ name: 'tool_id', description: 'The tool’s id (tools.csv).', cell: (r) => r.tool.id },
	{ name: 'tool', description: 'The tool’s name.', cell: (r) => r.tool.name },
	{
		name: 'fact',
		description: 'Which fact (platforms, pricing_model, audience…).',
		cell: (r) => r.key,
	},
	{
		name: 'value',
		description: `What this source says, in the fact's vocabulary, several separated by "${LIST_SEPARATOR}" (a price: amount;currency;unit;period).`,
		cell: (r) => list(r.source.value),
	},
	{
		name: 'detail',
		description: 'A condition or limit (a free version’s limit, the API documentation).',
		cell: (r) => r.fact.detail,
	},
	{ name: 'source', description: 'The vendor page it was read on.', cell: (r) => r.source.url },
	{
		name: 'quote',
		description: 'The sentence that page says, stating the value.',
		cell: (r) => r.source.quote,
	},
	{
		name: 'checked_on',
		description: 'The day someone last read it there (YYYY-MM-DD).',
		cell: (r) => r.source.verifiedOn,
	},
	{
		name: 'origin',
		description:
			'"read" on the vendor’s page by an editor, or "vendor": stated by the verified vendor.',
		cell: (r) => r.source.origin,
	},
];

interface IntegrationRow {
	pair: Integration;
	names: ReadonlyMap<number, string>;
}

const DIRECTIONS = { low_to_high: 'a_to_b', high_to_low: 'b_to_a', both: 'both' } as const;

export const INTEGRATION_COLUMNS: Column<IntegrationRow>[] = [
	{ name: 'tool_a_id', description: 'One tool’s id (the lower).', cell: (r) => r.pair.lowId },
	{ name: 'tool_a', description: 'Its name.', cell: (r) => r.names.get(r.pair.lowId)! },
	{ name: 'tool_b_id', description: 'The other tool’s id.', cell: (r) => r.pair.highId },
	{ name: 'tool_b', description: 'Its name.', cell: (r) => r.names.get(r.pair.highId)! },
	{
		name: 'direction',
		description:
			'Which way data flows: a_to_b, b_to_a or both; empty where the source does not say.',
		cell: (r) => (r.pair.direction ? DIRECTIONS[r.pair.direction] : null),
	},
	{
		name: 'moves',
		description: `What it moves (projects, budgets, timesheets…), separated by "${LIST_SEPARATOR}"; empty where the source does not say.`,
		cell: (r) => list(r.pair.moves),
	},
	{
		name: 'via',
		description:
			'Through what: built_in, marketplace_app, middleware or file_exchange; empty where not documented.',
		cell: (r) => r.pair.via,
	},
	{
		name: 'via_service',
		description: 'The middleware’s name (Agave, Zapier…).',
		cell: (r) => r.pair.viaService,
	},
	{
		name: 'status',
		description: 'beta, deprecated or retired; empty: current.',
		cell: (r) => r.pair.status,
	},
	{
		name: 'source',
		description: 'The vendor page that documents it.',
		cell: (r) => r.pair.sourceUrl,
	},
	{
		name: 'checked_on',
		description: 'The day someone last read it there (YYYY-MM-DD).',
		cell: (r) => r.pair.verifiedOn,
	},
];

export function toolRows(input: OpenDataInput): Cell[][] {
	return input.tools.map((tool) => {
		const row = { tool, facts: input.facts.get(tool.id), site: input.site };
		return TOOL_COLUMNS.map((column) => column.cell(row));
	});
}

/** A row per page a fact was read on (as the database keeps them), tools in name order. */
export function factRows(input: OpenDataInput): Cell[][] {
	return input.tools.flatMap((tool) => {
		const facts = input.facts.get(tool.id);
		if (!facts) return [];
		return FACT_KEYS.flatMap((key) => {
			const fact = facts[key];
			return (fact?.sources ?? []).map((source) => {
				const row = { tool, key, fact: fact!, source };
				return FACT_COLUMNS.map((column) => column.cell(row));
			});
		});
	});
}

export function integrationRows(input: OpenDataInput): Cell[][] {
	const names = new Map(input.tools.map((tool) => [tool.id, tool.name]));
	return input.integrations.map((pair) =>
		INTEGRATION_COLUMNS.map((column) => column.cell({ pair, names })),
	);
}
