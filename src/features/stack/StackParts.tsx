// Text is written as one template string where it can be: React makes a DOM text node (and a
// fiber) for each piece of `a {b} c`, which a choice at 10,000 tools paid for in every line.
import { memo } from 'react';
import ConnectionCard, { ConnectionSource } from '../integrations/ConnectionCard.tsx';
import { movesLabel } from '../integrations/details.ts';
import { describePair, pairLine } from './describe.ts';
import { type ConnectionsFile, movesOf, type StackGraph } from './graph.ts';
import type { CategoryCandidates } from './plan.ts';

/** What every part of the stack page reads, the same for the page's life: graph and addresses. */
export interface View {
	graph: StackGraph;
	/** A tool page's address, `{id}` for the tool id. */
	toolPage: string;
}

/** The connections files fetched so far, by number. */
export type Sources = Record<number, ConnectionsFile>;

/** A pair's source URL and note, once one of its tools' connections files is here. */
export type Source = [string, string | null] | undefined;

/** A link to a tool's page: a function, not a component, so a link is no fiber of its own. */
export function toolLink(view: View, tool: number) {
	const { ids, names } = view.graph.file;
	return <a href={view.toolPage.replace('{id}', String(ids[tool]))}>{names[tool]}</a>;
}

/** "budgets and RFIs" for a pair's bits of what it moves: the same few words, made once. */
const movedWords = new Map<number, string>();
function moved(bits: number): string {
	let words = movedWords.get(bits);
	if (words === undefined)
		movedWords.set(
			bits,
			(words = movesLabel(movesOf(bits)) ?? 'what it moves is not documented yet'),
		);
	return words;
}

/** The source URL and note of the pair of x and y, from either tool's file once it is here. */
export function sourceOf(graph: StackGraph, sources: Sources, x: number, y: number): Source {
	const { ids, connectionFiles: files } = graph.file;
	const [idX, idY] = [ids[x], ids[y]];
	return sources[idX % files]?.[idX]?.[idY] ?? sources[idY % files]?.[idY]?.[idX];
}

function SourceLink({ view, x, y, source }: { view: View; x: number; y: number; source: Source }) {
	const { names } = view.graph.file;
	return (
		<ConnectionSource source={source?.[0]} what={`the ${names[x]} and ${names[y]} integration`} />
	);
}

/**
 * A connection between two chosen tools, from x's side, as the one connection card words it
 * (ConnectionCard.tsx). Memoised: a choice re-renders only the connections it adds, and a
 * connections file arriving only the connections whose source it brings.
 */
export const Connection = memo(function Connection({
	view,
	x,
	y,
	pair,
	source,
}: {
	view: View;
	x: number;
	y: number;
	pair: number;
	source: Source;
}) {
	const { ids, names } = view.graph.file;
	const page = (tool: number) => ({
		name: names[tool],
		href: view.toolPage.replace('{id}', String(ids[tool])),
	});
	return (
		<ConnectionCard
			names={[page(x), page(y)]}
			words={describePair(view.graph, view.graph.pairs[pair], x)}
			note={source?.[1]}
			source={source?.[0]}
			what={`the ${names[x]} and ${names[y]} integration`}
		/>
	);
});

interface Props {
	view: View;
	group: CategoryCandidates;
	/** One category chosen: each connection with its source and date, and no "more" button. */
	detailed: boolean;
	/** The connections files fetched so far: read only when detailed. */
	sources: Sources;
}

const sameGroup = (p: CategoryCandidates, q: CategoryCandidates) =>
	p.total === q.total &&
	p.best.length === q.best.length &&
	p.best.every(
		(candidate, at) =>
			candidate.tool === q.best[at].tool &&
			candidate.links.length === q.best[at].links.length &&
			candidate.links.every((link, k) => link.pair === q.best[at].links[k].pair),
	);

/**
 * A category's best candidates. Memoised on what it shows, so a choice re-renders only the
 * categories it changed (a choice must fit in a frame), and a connections file arriving only a
 * detailed category, the one that shows sources. Its "more" button carries the category in
 * `data-category` for the page to handle, rather than a callback that would change with it.
 */
export const FitGroup = memo(
	function FitGroup({ view, group, detailed, sources }: Props) {
		const { graph } = view;
		const { names, categories } = graph.file;
		const label = categories[group.category][1];
		return (
			<section className="stack__category-fit" aria-labelledby={`fit-${group.category}`}>
				<h3 id={`fit-${group.category}`}>{`${label} (${group.total})`}</h3>
				<ol className="stack__fit">
					{/* Rows keyed by rank: a choice changes which tool holds a rank, and rewriting a
					    row's text costs the frame less than replacing the row. */}
					{group.best.map(({ tool: candidate, links }, rank) => (
						<li key={rank}>
							{toolLink(view, candidate)}{' '}
							<span className="hub-list__count">
								{`connects with ${links.length} of your tools${detailed ? '' : ':'}`}
							</span>{' '}
							{detailed ? (
								<ul>
									{links.map(({ tool, pair }) => {
										const words = describePair(graph, graph.pairs[pair], candidate);
										return (
											<li key={tool}>
												<strong>{names[tool]}</strong>
												{`: ${pairLine(words)} · `}
												<SourceLink
													view={view}
													x={candidate}
													y={tool}
													source={sourceOf(graph, sources, candidate, tool)}
												/>
												{' · checked '}
												<time dateTime={words.day}>{words.checked}</time>
											</li>
										);
									})}
								</ul>
							) : (
								links
									.map(({ tool, pair }) => `${names[tool]} (${moved(graph.pairs[pair].moves)})`)
									.join(', ')
							)}
						</li>
					))}
				</ol>
				{group.total > group.best.length &&
					(detailed ? (
						<p>{`And ${group.total - group.best.length} more that connect with fewer of your tools.`}</p>
					) : (
						<button type="button" className="button" data-category={group.category}>
							{`More ${label} tools`}
						</button>
					))}
			</section>
		);
	},
	(p, q) =>
		p.view === q.view &&
		p.detailed === q.detailed &&
		(!p.detailed || p.sources === q.sources) &&
		sameGroup(p.group, q.group),
);
