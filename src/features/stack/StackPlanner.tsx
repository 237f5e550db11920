import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { MAX_TOOLS, readAddress, writeAddress } from './address.ts';
import { MOVE_KEYS, movesLabel } from '../integrations/details.ts';
import { describePair, pairLine } from './describe.ts';
import {
	type ConnectionsFile,
	connectionsUrl,
	readGraph,
	STACK_GRAPH_URL,
	type StackGraph,
} from './graph.ts';
import Picker from './Picker.tsx';
import { planStack } from './plan.ts';

interface Stack {
	/** Tool indexes, in the order chosen. */
	chosen: number[];
	/** A category index, or null for every category. */
	category: number | null;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Props {
	/**
	 * A tool page's address with `{id}` for the tool id (`paths.tool('{id}')`): given, not
	 * imported, so this island does not pull paths.ts into a chunk the home page shares.
	 */
	toolPage: string;
}

/**
 * The stack page: choose 2-8 tools, see how they connect, which of them do not, and per
 * category the tools that connect with most of them. The graph is one static file the build
 * writes, fetched once; each chosen tool's sources come with its own small file. The choice
 * lives in the address (`?tools=1,2&category=`): shareable, and Back undoes a step.
 */
export default function StackPlanner({ toolPage }: Props) {
	const [graph, setGraph] = useState<StackGraph | null>(null);
	const [failed, setFailed] = useState(false);
	const [stack, setStack] = useState<Stack>({ chosen: [], category: null });
	const [said, setSaid] = useState('');
	const [sources, setSources] = useState<Record<number, ConnectionsFile>>({});
	const asked = useRef(new Set<number>());
	const box = useRef<HTMLInputElement>(null);
	const lowerNames = useMemo(() => graph?.file.names.map((n) => n.toLowerCase()) ?? [], [graph]);

	/** The stack the address names: unknown tools and categories left out, and said so. */
	const fromAddress = useEffectEvent((loaded: StackGraph) => {
		const { toolIds, category } = readAddress(location.search);
		const chosen = toolIds.flatMap((id) => loaded.indexOfId.get(id) ?? []);
		const slugs = loaded.file.categories.map(([slug]) => slug);
		setStack({ chosen, category: slugs.includes(category) ? slugs.indexOf(category) : null });
		const missing = toolIds.length - chosen.length;
		setSaid(missing ? `${count(missing, 'tool')} in the address is not listed any more.` : '');
	});

	useEffect(() => {
		let loaded: StackGraph | null = null;
		const onBack = () => loaded && fromAddress(loaded);
		fetch(STACK_GRAPH_URL)
			.then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
			.then((file) => {
				loaded = readGraph(file);
				setGraph(loaded);
				fromAddress(loaded);
			})
			.catch(() => setFailed(true));
		addEventListener('popstate', onBack);
		return () => removeEventListener('popstate', onBack);
	}, []);

	// Each chosen tool's sources and notes, once per tool.
	useEffect(() => {
		for (const tool of stack.chosen) {
			const id = graph!.file.ids[tool];
			if (asked.current.has(id) || !graph!.pairsOf[tool].length) continue;
			asked.current.add(id);
			fetch(connectionsUrl(id))
				.then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
				.then((file: ConnectionsFile) => setSources((known) => ({ ...known, [id]: file })))
				.catch(() => asked.current.delete(id));
		}
	}, [graph, stack.chosen]);

	const plan = useMemo(
		() => graph && planStack(graph, stack.chosen, stack.category),
		[graph, stack],
	);

	if (!graph)
		return (
			<p className="stack__loading" role="status">
				{failed
					? 'The tools could not be loaded. Reload the page, or find what a tool works with on the integration map.'
					: 'Loading the tools of the directory…'}
			</p>
		);

	const { names, ids, categories, categoryOf } = graph.file;
	const link = (tool: number) => (
		<a href={toolPage.replace('{id}', String(ids[tool]))}>{names[tool]}</a>
	);

	function go(next: Stack, message: string) {
		const address =
			writeAddress(location.search, {
				toolIds: next.chosen.map((tool) => ids[tool]),
				category: next.category === null ? '' : categories[next.category][0],
			}) || location.pathname;
		// After the frame that shows the choice: Chromium's pushState takes a few milliseconds.
		requestAnimationFrame(() => setTimeout(() => history.pushState(history.state, '', address)));
		setStack(next);
		setSaid(message);
	}

	const chosenText = (chosen: number[]) =>
		chosen.length < 2
			? 'Add another tool to see how they connect.'
			: `${count(chosen.length, 'tool')} chosen.`;

	/** What a pair moves, in words, for the overview of every category. */
	const moved = (pair: number) =>
		movesLabel(MOVE_KEYS.filter((_, bit) => graph.pairs[pair].moves & (1 << bit))) ??
		'what it moves is not documented yet';

	/** Source and note of the pair between x and y, from either tool's file once it is here. */
	const sourceOf = (x: number, y: number) => sources[ids[x]]?.[ids[y]] ?? sources[ids[y]]?.[ids[x]];

	function source(x: number, y: number) {
		const read = sourceOf(x, y);
		return read ? (
			<a className="works-with__source" href={read[0]} rel="noopener noreferrer">
				source
				<span className="visually-hidden">
					: where the {names[x]} and {names[y]} integration is documented
				</span>
			</a>
		) : (
			'source loading'
		);
	}

	/** Note, source and date of the pair between x and y. */
	function provenance(x: number, y: number, day: string, checked: string) {
		const note = sourceOf(x, y)?.[1];
		return (
			<>
				{note && <p className="works-with__note">{note}</p>}
				<p className="works-with__provenance">
					{source(x, y)}
					{' · checked '}
					<time dateTime={day}>{checked}</time>
				</p>
			</>
		);
	}

	function details(pairIndex: number, self: number) {
		const pair = graph!.pairs[pairIndex];
		const words = describePair(graph!, pair, self);
		const other = pair.a === self ? pair.b : pair.a;
		return (
			<>
				{words.status && <span className="works-with__status">{words.status}</span>}
				<dl className="connection">
					{words.rows.map(([term, value]) => (
						<div key={term}>
							<dt>{term}</dt>
							<dd className={value ? undefined : 'connection__unknown'}>
								{value ?? 'not documented yet'}
							</dd>
						</div>
					))}
				</dl>
				{provenance(self, other, words.day, words.checked)}
			</>
		);
	}

	const { chosen, category } = stack;
	const full =
		chosen.length >= MAX_TOOLS
			? `${MAX_TOOLS} tools is the most a stack holds: remove one to add another.`
			: null;

	return (
		<div className="stack" data-chosen={chosen.length}>
			<Picker
				inputRef={box}
				names={names}
				lowerNames={lowerNames}
				degree={graph.degree}
				describe={(tool) => `${categories[categoryOf[tool]][1]}, works with ${graph.degree[tool]}`}
				chosen={chosen}
				full={full}
				onChoose={(tool) =>
					go(
						{ ...stack, chosen: [...chosen, tool] },
						`${names[tool]} added. ${chosenText([...chosen, tool])}`,
					)
				}
			/>
			<p role="status" className="stack__said">
				{said}
			</p>
			<h2 id="stack-tools">Your tools ({chosen.length})</h2>
			{chosen.length ? (
				<ul className="stack__chosen" aria-labelledby="stack-tools">
					{chosen.map((tool) => (
						<li key={tool}>
							{link(tool)}
							<button
								type="button"
								className="button"
								aria-label={`Remove ${names[tool]}`}
								onClick={() => {
									const rest = chosen.filter((other) => other !== tool);
									go({ ...stack, chosen: rest }, `${names[tool]} removed. ${chosenText(rest)}`);
									box.current?.focus();
								}}
							>
								Remove
							</button>
						</li>
					))}
				</ul>
			) : (
				<p>None yet: add the tools your company uses, two to eight of them.</p>
			)}
			{plan && chosen.length > 1 && (
				<>
					<h2>How they connect ({plan.connections.length})</h2>
					{plan.connections.length ? (
						<ul className="works-with__list">
							{plan.connections.map(({ x, y, pair }) => (
								<li key={pair} className="works-with__item">
									<div className="works-with__body">
										<span className="works-with__name">
											{link(x)} and {link(y)}
										</span>
										{details(pair, x)}
									</div>
								</li>
							))}
						</ul>
					) : (
						<p>No two of them have a documented connection.</p>
					)}
					<h2>No documented connection ({plan.gaps.length})</h2>
					{plan.gaps.length ? (
						<ul className="stack__gaps">
							{plan.gaps.map(({ x, y, retired }) => (
								<li key={`${x}-${y}`}>
									{names[x]} and {names[y]}
									{retired !== -1 && ': their connection was retired by its vendor'}
								</li>
							))}
						</ul>
					) : (
						<p>Every pair of them connects.</p>
					)}
				</>
			)}
			{plan && chosen.length > 0 && (
				<>
					<h2 id="stack-fit">Tools that fit</h2>
					<p>
						Ranked by how many of your tools they connect with, then by how many tools they work
						with in the directory. Choose a category to see each connection with its source.
					</p>
					<p className="stack__category">
						<label htmlFor="stack-category">Category</label>
						<select
							id="stack-category"
							value={category ?? ''}
							onChange={(event) => {
								const value = event.target.value;
								const next = value === '' ? null : Number(value);
								go(
									{ ...stack, category: next },
									next === null ? 'Every category shown.' : `${categories[next][1]} shown.`,
								);
							}}
						>
							<option value="">Every category</option>
							{categories.map(([slug, label], index) => (
								<option key={slug} value={index}>
									{label}
								</option>
							))}
						</select>
					</p>
					{plan.categories
						.filter((group) => group.total > 0)
						.map((group) => (
							<section
								key={group.category}
								className="stack__category-fit"
								aria-labelledby={`fit-${group.category}`}
							>
								<h3 id={`fit-${group.category}`}>
									{categories[group.category][1]} ({group.total})
								</h3>
								<ol className="stack__fit">
									{group.best.map((candidate) => (
										<li key={candidate.tool}>
											{link(candidate.tool)}{' '}
											<span className="hub-list__count">
												connects with {candidate.links.length} of your{' '}
												{count(chosen.length, 'tool')}
												{category === null ? ':' : ''}
											</span>{' '}
											{category === null ? (
												// Every category: which of your tools and what moves, in a line.
												candidate.links
													.map(({ tool, pair }) => `${names[tool]} (${moved(pair)})`)
													.join(', ')
											) : (
												// One category: each connection with its source and date.
												<ul>
													{candidate.links.map(({ tool, pair }) => {
														const words = describePair(graph, graph.pairs[pair], candidate.tool);
														return (
															<li key={tool}>
																<strong>{names[tool]}</strong>: {pairLine(words)} ·{' '}
																{source(candidate.tool, tool)} · checked{' '}
																<time dateTime={words.day}>{words.checked}</time>
															</li>
														);
													})}
												</ul>
											)}
										</li>
									))}
								</ol>
								{group.total > group.best.length &&
									(category === null ? (
										<button
											type="button"
											className="button"
											onClick={() =>
												go(
													{ ...stack, category: group.category },
													`${categories[group.category][1]} shown.`,
												)
											}
										>
											More {categories[group.category][1]} tools
										</button>
									) : (
										<p>
											And {group.total - group.best.length} more that connect with fewer of your
											tools.
										</p>
									))}
							</section>
						))}
					{plan.categories.every((group) => group.total === 0) && (
						<p>
							No tool in this directory documents a connection with{' '}
							{chosen.length === 1 ? 'it' : 'them'} yet
							{category === null ? '' : ` in ${categories[category][1]}`}.
						</p>
					)}
				</>
			)}
		</div>
	);
}
