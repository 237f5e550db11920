import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { fetchJson } from '../../lib/fetch-json.ts';
import {
	PICK_LIMITS,
	readStackAddress as readAddress,
	writeStackAddress as writeAddress,
} from '../picker/address.ts';
import { Connection, FitGroup, type Sources, sourceOf, toolLink } from './StackParts.tsx';
import {
	type ConnectionsFile,
	connectionsUrl,
	type GraphFile,
	readGraph,
	STACK_GRAPH_URL,
	type StackGraph,
} from './graph.ts';
import { matchTools } from '../picker/match.ts';
import ToolPicker from '../picker/ToolPicker.tsx';
import { planStack } from './plan.ts';

/** Runs `work` once the next frame is drawn; returns a function that cancels it. */
function afterNextFrame(work: () => void): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const frame = requestAnimationFrame(() => (timer = setTimeout(work)));
	return () => {
		cancelAnimationFrame(frame);
		clearTimeout(timer);
	};
}

interface Stack {
	/** Tool indexes, in the order chosen. */
	chosen: number[];
	/** A category index, or null for every category. */
	category: number | null;
}

const RETIRED_GAP = ': their connection was retired by its vendor';
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
	const [sources, setSources] = useState<Sources>({});
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
		fetchJson<GraphFile>(STACK_GRAPH_URL)
			.then((file) => {
				loaded = readGraph(file!);
				setGraph(loaded);
				fromAddress(loaded);
			})
			.catch(() => setFailed(true));
		addEventListener('popstate', onBack);
		return () => removeEventListener('popstate', onBack);
	}, []);

	// The connections files of the chosen tools (sources and notes), each fetched once, after the
	// frame that shows the choice: starting a fetch took the frame about a millisecond.
	useEffect(() => {
		if (!graph) return;
		return afterNextFrame(() => {
			for (const tool of stack.chosen) {
				const files = graph.file.connectionFiles;
				const file = graph.file.ids[tool] % files;
				if (asked.current.has(file) || !graph.pairsOf[tool].length) continue;
				asked.current.add(file);
				fetchJson<ConnectionsFile>(connectionsUrl(graph.file.ids[tool], files))
					.then((read) => setSources((known) => ({ ...known, [file]: read! })))
					.catch(() => asked.current.delete(file));
			}
		});
	}, [graph, stack.chosen]);

	const plan = useMemo(
		() => graph && planStack(graph, stack.chosen, stack.category),
		[graph, stack],
	);
	const view = useMemo(() => graph && { graph, toolPage }, [graph, toolPage]);
	// The category options, the same for the page's life: made once, not compared on every choice.
	const categoryOptions = useMemo(
		() =>
			graph?.file.categories.map(([slug, label], index) => (
				<option key={slug} value={index}>
					{label}
				</option>
			)),
		[graph],
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

	function go(next: Stack, message: string) {
		// After the frame that shows the choice: Chromium's pushState takes a few milliseconds.
		afterNextFrame(() => {
			const address = writeAddress(location.search, {
				toolIds: next.chosen.map((tool) => ids[tool]),
				category: next.category === null ? '' : categories[next.category][0],
			});
			history.pushState(history.state, '', address || location.pathname);
		});
		setStack(next);
		setSaid(message);
	}

	const chosenText = (chosen: number[]) =>
		chosen.length < 2
			? 'Add another tool to see how they connect.'
			: `${count(chosen.length, 'tool')} chosen.`;

	const { chosen, category } = stack;
	const full =
		chosen.length >= PICK_LIMITS.stack
			? `${PICK_LIMITS.stack} tools is the most a stack holds: remove one to add another.`
			: null;

	return (
		// A category's "more" button (FitGroup) names its category; the choice is made here.
		<div
			className="stack"
			data-chosen={chosen.length}
			onClick={(event) => {
				const more = (event.target as Element).closest<HTMLElement>('[data-category]');
				if (!more) return;
				const next = Number(more.dataset.category);
				go({ ...stack, category: next }, `${categories[next][1]} shown.`);
			}}
		>
			<ToolPicker
				inputRef={box}
				label="Add a tool you use"
				className="picker stack-picker"
				match={(typed) =>
					full ? [] : matchTools(lowerNames, typed, new Set(chosen), graph.degree)
				}
				option={(tool) => (
					<>
						{names[tool]}{' '}
						<span>{`${categories[categoryOf[tool]][1]}, works with ${graph.degree[tool]}`}</span>
					</>
				)}
				hint={(typed, offered) =>
					full ??
					(typed.trim() && !offered
						? `No listed tool’s name contains “${typed.trim()}”.`
						: 'Type part of its name, then choose it with the arrow keys and Enter.')
				}
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
			<h2 id="stack-tools">{`Your tools (${chosen.length})`}</h2>
			{chosen.length ? (
				<ul className="stack__chosen" aria-labelledby="stack-tools">
					{chosen.map((tool) => (
						<li key={tool}>
							{toolLink(view!, tool)}
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
					<h2>{`How they connect (${plan.connections.length})`}</h2>
					{plan.connections.length ? (
						<ul className="works-with__list">
							{plan.connections.map(({ x, y, pair }) => (
								<Connection
									key={pair}
									view={view!}
									x={x}
									y={y}
									pair={pair}
									source={sourceOf(graph, sources, x, y)}
								/>
							))}
						</ul>
					) : (
						<p>No two of them have a documented connection.</p>
					)}
					<h2>{`No documented connection (${plan.gaps.length})`}</h2>
					{plan.gaps.length ? (
						<ul className="stack__gaps">
							{plan.gaps.map(({ x, y, retired }) => (
								<li key={`${x}-${y}`}>
									{`${names[x]} and ${names[y]}${retired === -1 ? '' : RETIRED_GAP}`}
								</li>
							))}
						</ul>
					) : (
						<p>Every pair of them connects.</p>
					)}
				</>
			)}
			{/* There from the start: a category can be chosen first, and the first tool chosen
			    does not have to build the select in its frame (about 1.5 ms at 10,000 tools). */}
			{plan && (
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
							{categoryOptions}
						</select>
					</p>
					{!chosen.length && <p>Add a tool you use to see the tools that connect with it.</p>}
					{plan.categories
						.filter((group) => group.total > 0)
						.map((group) => (
							<FitGroup
								key={group.category}
								view={view!}
								group={group}
								detailed={category !== null}
								sources={sources}
							/>
						))}
					{chosen.length > 0 && plan.categories.every((group) => group.total === 0) && (
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
