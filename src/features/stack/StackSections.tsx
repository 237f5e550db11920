import type { ReactNode } from 'react';
import type { StackPlan } from './plan.ts';
import type { Stack } from './StackPlanner.tsx';
import { Connection, FitGroup, type Sources, sourceOf, type View } from './StackParts.tsx';

const RETIRED_GAP = ': their connection was retired by its vendor';

/** The chosen tools' documented connections, then the pairs with none. */
export function HowTheyConnect({
	view,
	plan,
	sources,
}: {
	view: View;
	plan: StackPlan;
	sources: Sources;
}) {
	const { names } = view.graph.file;
	return (
		<>
			<h2>{`How they connect (${plan.connections.length})`}</h2>
			{plan.connections.length ? (
				<ul className="works-with__list">
					{plan.connections.map(({ x, y, pair }) => (
						<Connection
							key={pair}
							view={view}
							x={x}
							y={y}
							pair={pair}
							source={sourceOf(view.graph, sources, x, y)}
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
	);
}

/** Per category, the tools that connect with most of the chosen ones, and the category select. */
export function ToolsThatFit(props: {
	view: View;
	plan: StackPlan;
	sources: Sources;
	stack: Stack;
	/** The select's options, made once for the page's life. */
	categoryOptions: ReactNode;
	onCategory: (category: number | null) => void;
}) {
	const { view, plan, sources, stack, categoryOptions, onCategory } = props;
	const { chosen, category } = stack;
	const { categories } = view.graph.file;
	return (
		<>
			<h2 id="stack-fit">Tools that fit</h2>
			<p>
				Ranked by how many of your tools they connect with, then by how many tools they work with in
				the directory. Choose a category to see each connection with its source.
			</p>
			<p className="stack__category">
				<label htmlFor="stack-category">Category</label>
				<select
					id="stack-category"
					value={category ?? ''}
					onChange={(event) =>
						onCategory(event.target.value === '' ? null : Number(event.target.value))
					}
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
						view={view}
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
	);
}
