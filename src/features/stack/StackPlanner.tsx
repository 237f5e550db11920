import { type RefObject, useMemo, useRef, useState } from 'react';
import { PICK_LIMITS } from '../picker/limits.ts';
import { readStackAddress as readAddress, writeStackAddress as writeAddress } from './address.ts';
import { toolLink, type View } from './StackParts.tsx';
import { HowTheyConnect, ToolsThatFit } from './StackSections.tsx';
import type { StackGraph } from './graph.ts';
import { afterNextFrame, useConnectionSources, useStackGraph } from './useStackData.ts';
import { matchTools } from '../picker/match.ts';
import ToolPicker from '../picker/ToolPicker.tsx';
import { planStack } from './plan.ts';
import { plural } from '../../lib/text.ts';

export interface Stack {
	/** Tool indexes, in the order chosen. */
	chosen: number[];
	/** A category index, or null for every category. */
	category: number | null;
}

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
	const [stack, setStack] = useState<Stack>({ chosen: [], category: null });
	const [said, setSaid] = useState('');
	const box = useRef<HTMLInputElement>(null);

	const { graph, failed } = useStackGraph((loaded) => {
		const fromAddress = stackFromAddress(loaded);
		setStack(fromAddress.stack);
		setSaid(fromAddress.said);
	});
	const sources = useConnectionSources(graph, stack.chosen);
	const lowerNames = useMemo(() => graph?.file.names.map((n) => n.toLowerCase()) ?? [], [graph]);

	const plan = useMemo(
		() => graph && planStack(graph, stack.chosen, stack.category),
		[graph, stack],
	);
	const view = useMemo(() => graph && { graph, toolPage }, [graph, toolPage]);
	const categoryOptions = useCategoryOptions(graph);

	if (!graph) return loading(failed);

	const { names, categories } = graph.file;

	function go(next: Stack, message: string) {
		// After the frame that shows the choice: Chromium's pushState takes a few milliseconds.
		afterNextFrame(() => pushAddress(graph!, next));
		setStack(next);
		setSaid(message);
	}

	const { chosen } = stack;
	const showCategory = (next: number | null) =>
		go(
			{ ...stack, category: next },
			next === null ? 'Every category shown.' : `${categories[next][1]} shown.`,
		);

	return (
		// A category's "more" button (FitGroup) names its category; the choice is made here.
		<div
			className="stack"
			data-chosen={chosen.length}
			onClick={(event) => {
				const more = (event.target as Element).closest<HTMLElement>('[data-category]');
				if (more) showCategory(Number(more.dataset.category));
			}}
		>
			{stackPicker(graph, lowerNames, chosen, box, (tool) =>
				go(
					{ ...stack, chosen: [...chosen, tool] },
					`${names[tool]} added. ${chosenText([...chosen, tool])}`,
				),
			)}
			<p role="status" className="stack__said">
				{said}
			</p>
			<h2 id="stack-tools">{`Your tools (${chosen.length})`}</h2>
			<ChosenTools
				view={view!}
				chosen={chosen}
				onRemove={(tool) => {
					const rest = chosen.filter((other) => other !== tool);
					go({ ...stack, chosen: rest }, `${names[tool]} removed. ${chosenText(rest)}`);
					box.current?.focus();
				}}
			/>
			{plan && chosen.length > 1 && <HowTheyConnect view={view!} plan={plan} sources={sources} />}
			{/* There from the start: a category can be chosen first, and the first tool chosen
			    does not have to build the select in its frame (about 1.5 ms at 10,000 tools). */}
			{plan && (
				<ToolsThatFit
					view={view!}
					plan={plan}
					sources={sources}
					stack={stack}
					categoryOptions={categoryOptions}
					onCategory={showCategory}
				/>
			)}
		</div>
	);
}

/** The stack the address names: unknown tools and categories left out, and said so. */
function stackFromAddress(loaded: StackGraph): { stack: Stack; said: string } {
	const { toolIds, category } = readAddress(location.search);
	const chosen = toolIds.flatMap((id) => loaded.indexOfId.get(id) ?? []);
	const slugs = loaded.file.categories.map(([slug]) => slug);
	const missing = toolIds.length - chosen.length;
	return {
		stack: { chosen, category: slugs.includes(category) ? slugs.indexOf(category) : null },
		said: missing ? `${plural(missing, 'tool')} in the address is not listed any more.` : '',
	};
}

/** Puts the stack in the address, as a step Back undoes. */
function pushAddress(graph: StackGraph, next: Stack) {
	const { ids, categories } = graph.file;
	const address = writeAddress(location.search, {
		toolIds: next.chosen.map((tool) => ids[tool]),
		category: next.category === null ? '' : categories[next.category][0],
	});
	history.pushState(history.state, '', address || location.pathname);
}

const chosenText = (chosen: number[]) =>
	chosen.length < 2
		? 'Add another tool to see how they connect.'
		: `${plural(chosen.length, 'tool')} chosen.`;

/** The box that adds a tool: offers the tools not chosen yet, none once the stack is full. */
function stackPicker(
	graph: StackGraph,
	lowerNames: string[],
	chosen: number[],
	box: RefObject<HTMLInputElement | null>,
	onChoose: (tool: number) => void,
) {
	const { names, categories, categoryOf } = graph.file;
	const full =
		chosen.length >= PICK_LIMITS.stack
			? `${PICK_LIMITS.stack} tools is the most a stack holds: remove one to add another.`
			: null;
	return (
		<ToolPicker
			inputRef={box}
			label="Add a tool you use"
			className="picker stack-picker"
			match={(typed) => (full ? [] : matchTools(lowerNames, typed, new Set(chosen), graph.degree))}
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
			onChoose={onChoose}
		/>
	);
}

/** The chosen tools, each with its Remove button, or a line saying what to add. */
function ChosenTools({
	view,
	chosen,
	onRemove,
}: {
	view: View;
	chosen: number[];
	onRemove: (tool: number) => void;
}) {
	if (!chosen.length)
		return <p>None yet: add the tools your company uses, two to eight of them.</p>;
	const { names } = view.graph.file;
	return (
		<ul className="stack__chosen" aria-labelledby="stack-tools">
			{chosen.map((tool) => (
				<li key={tool}>
					{toolLink(view, tool)}
					<button
						type="button"
						className="button"
						aria-label={`Remove ${names[tool]}`}
						onClick={() => onRemove(tool)}
					>
						Remove
					</button>
				</li>
			))}
		</ul>
	);
}

/** The category options, the same for the page's life: made once, not compared on every choice. */
function useCategoryOptions(graph: StackGraph | null) {
	return useMemo(
		() =>
			graph?.file.categories.map(([slug, label], index) => (
				<option key={slug} value={index}>
					{label}
				</option>
			)),
		[graph],
	);
}

/** While the graph loads, or why it did not. */
function loading(failed: boolean) {
	return (
		<p className="stack__loading" role="status">
			{failed
				? 'The tools could not be loaded. Reload the page, or find what a tool works with on the integration map.'
				: 'Loading the tools of the directory…'}
		</p>
	);
}
