import type { ReactNode } from 'react';
import SourceNote from '../facts/SourceNote.tsx';
import { integrationKey } from '../integrations/key.ts';
import type { FactKey } from '../facts/vocabulary.ts';
import type { ComparePages, CompareTool, ShownFact } from './files.ts';
import {
	type Comparison,
	integrationsPage,
	type PartnerList,
	rowKey,
	type TableRow,
	toolPage,
	vendorOf,
} from './model.ts';
import { inSentence, listNames, plural } from '../../lib/text.ts';

interface Props {
	tools: readonly CompareTool[];
	comparison: Comparison;
	/** The table's title: shown above it when `heading`, else its caption and region name. */
	title: string;
	/**
	 * The compare page shows the title as a heading above the table (a caption scrolls away with
	 * a wide table); an "A vs B" page has its own heading and names the table only.
	 */
	heading: boolean;
	/** The addresses its cells link to (files.ts). */
	pages: ComparePages;
	/**
	 * The island's way to a quote its files leave out: the tool, the fact, and which of its
	 * sources. Static pages have the quotes in the model and pass none.
	 */
	loadQuote?: QuoteLoader;
}

export type QuoteLoader = (tool: number, fact: FactKey, source: number) => Promise<string | null>;

/** The compare page's title: "A, B and C side by side: only what differs". */
export function compareTitle(tools: readonly CompareTool[], differencesOnly: boolean): string {
	const names = listNames(tools.map((tool) => tool.name));
	const what = tools.length > 1 ? ' side by side' : ' at a glance';
	return `${names}${what}${differencesOnly ? ': only what differs' : ''}`;
}

/**
 * The comparison (model.ts): a column per tool, a row per fact, each fact with its source; the
 * facts no tool documents in one line. One component for both surfaces: the compare island
 * hydrates it, an "A vs B" page renders it to static HTML with no JavaScript.
 */
export default function CompareTable(props: Props) {
	const { tools, comparison, title, heading, pages, loadQuote } = props;
	const { sections, unknownForAll } = comparison;
	const caption = heading ? title : `${title}: facts side by side`;
	return (
		<>
			{heading && (
				<h2 className="compare__title" id="compare-title">
					{title}
				</h2>
			)}
			<div
				className="compare__scroll"
				role="region"
				{...(heading ? { 'aria-labelledby': 'compare-title' } : { 'aria-label': caption })}
				tabIndex={0}
			>
				<table className="compare__table">
					<caption className="visually-hidden">{caption}</caption>
					<thead>
						<tr>
							<th scope="col">Fact</th>
							{tools.map((tool) => (
								<th scope="col" key={tool.id} id={`compare-tool-${tool.id}`} tabIndex={-1}>
									<a href={toolPage(pages, tool)}>{tool.name}</a>
								</th>
							))}
						</tr>
					</thead>
					{sections.map((section) => (
						<tbody key={section.heading}>
							<tr>
								<th scope="rowgroup" colSpan={tools.length + 1} className="compare__section">
									<span>{section.heading}</span>
								</th>
							</tr>
							{section.rows.map((row) => (
								<Row
									key={row.kind === 'fact' ? row.key : row.kind}
									row={row}
									tools={tools}
									pages={pages}
									loadQuote={loadQuote}
								/>
							))}
						</tbody>
					))}
				</table>
			</div>
			{unknownForAll.length > 0 && (
				<p className="compare__unknown-all">
					Not documented for {tools.length > 1 ? 'any of them' : 'it'} yet:{' '}
					{unknownForAll.map(({ label }) => inSentence(label)).join(', ')}.
				</p>
			)}
		</>
	);
}

function Row({
	row,
	tools,
	pages,
	loadQuote,
}: { row: TableRow } & Pick<Props, 'tools' | 'pages' | 'loadQuote'>) {
	const each = (cell: (tool: CompareTool, at: number) => ReactNode) =>
		tools.map((tool, at) => <td key={tool.id}>{cell(tool, at)}</td>);
	const { label } = row;
	let cells: ReactNode;
	switch (row.kind) {
		case 'category':
			cells = each((_, at) => row.names[at]);
			break;
		case 'fact':
			cells = each((tool, at) => (
				<Fact
					fact={row.facts[at]}
					factKey={row.key}
					label={label}
					tool={tool}
					loadQuote={loadQuote}
				/>
			));
			break;
		case 'partner-count':
			cells = each((tool, at) => {
				const all = integrationsPage(pages, tool);
				return all ? (
					<a href={all}>
						Works with {plural(row.counts[at], 'tool')}
						<span className="visually-hidden"> ({tool.name})</span>
					</a>
				) : (
					'None listed yet'
				);
			});
			break;
		case 'partners-shared':
			cells = (
				<td colSpan={tools.length}>
					{row.partners.count ? (
						<Partners
							list={row.partners}
							// The home page lists the tools that work with every tool chosen.
							all={pages.worksWith + tools.map((tool) => integrationKey(tool.id)).join(',')}
							of={listNames(tools.map((tool) => tool.name))}
						/>
					) : (
						'No partner in common'
					)}
				</td>
			);
			break;
		case 'partners-only':
			cells = each((tool, at) =>
				row.partners[at].count ? (
					<Partners list={row.partners[at]} all={integrationsPage(pages, tool)!} of={tool.name} />
				) : (
					'None of its own'
				),
			);
			break;
		case 'sources':
			cells = each((tool, at) =>
				row.pages[at].length === 0
					? 'None yet'
					: row.pages[at].map((page) => (
							<SourceNote
								key={page.url}
								url={page.url}
								on={page.verifiedOn}
								byVendor={page.byVendor}
								vendorName={vendorOf(tool)}
								what={`${tool.name}: ${page.facts.join(', ')}`}
							/>
						)),
			);
	}
	const differs = row.state === 'differs';
	return (
		<tr data-row={rowKey(row)} className={differs ? 'compare__differs' : undefined}>
			<th scope="row">
				{label}
				{differs && row.kind === 'fact' && <span className="compare__differs-mark">differs</span>}
			</th>
			{cells}
		</tr>
	);
}

/** The first names of a list, then "and N more" linking to `all`, the page listing them all. */
function Partners({ list, all, of }: { list: PartnerList; all: string; of: string }) {
	const { names, joiner, more } = list.cell;
	return (
		<>
			{names}
			{more && (
				<>
					{joiner}
					<a href={all}>
						{more}
						<span className="visually-hidden"> that work with {of}</span>
					</a>
				</>
			)}
		</>
	);
}

/** A fact in words, then each page it comes from. */
function Fact({
	fact,
	factKey,
	label,
	tool,
	loadQuote,
}: {
	fact?: ShownFact;
	factKey: FactKey;
	label: string;
	tool: CompareTool;
	loadQuote?: QuoteLoader;
}) {
	if (!fact) return <span className="compare__unknown">not documented yet</span>;
	return (
		<>
			{fact.note ? `${fact.text} (${fact.note})` : fact.text}
			{fact.docs && (
				<span className="fact__docs">
					<a href={fact.docs} rel="noopener noreferrer">
						developer docs<span className="visually-hidden"> of {tool.name}</span>
					</a>
				</span>
			)}
			{fact.sources.map((source, at) => (
				<SourceNote
					key={source.url}
					url={source.url}
					on={source.on}
					byVendor={Boolean(source.byVendor)}
					vendorName={vendorOf(tool)}
					quote={source.quote}
					loadQuote={
						!source.quote && !source.unquoted && loadQuote
							? () => loadQuote(tool.id, factKey, at)
							: undefined
					}
					what={`where ${tool.name}’s ${inSentence(label)}${source.read ? ` (${source.read})` : ''} was read`}
				/>
			))}
		</>
	);
}
