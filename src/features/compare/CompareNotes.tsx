import type { ComparePages, CompareTool } from './files.ts';
import { toolPage } from './model.ts';
import { listNames } from '../../lib/text.ts';

/** What the page says about the tools it compares, or asks for: "Comparing A and B." */
export function comparingText(names: readonly string[]): string {
	if (names.length > 1) return `Comparing ${listNames(names)}.`;
	if (names.length === 1) return `Add another tool to compare with ${names[0]}.`;
	return 'Choose two to four tools to compare.';
}

/** The tools compared, each with its page and a button that removes it. */
export function ChosenTools(props: {
	tools: readonly CompareTool[];
	pages: ComparePages;
	onRemove: (tool: CompareTool) => void;
}) {
	if (!props.tools.length) return null;
	return (
		<ul className="compare__chosen" aria-label="Tools compared">
			{props.tools.map((tool) => (
				<li key={tool.id}>
					<a href={toolPage(props.pages, tool)}>{tool.name}</a>
					<button
						type="button"
						className="compare__remove"
						id={`compare-remove-${tool.id}`}
						onClick={() => props.onRemove(tool)}
					>
						Remove<span className="visually-hidden"> {tool.name}</span>
					</button>
				</li>
			))}
		</ul>
	);
}
