import { PICK_LIMITS } from '../picker/limits.ts';
import type { CompareTool } from './files.ts';
import { listNames } from '../../lib/text.ts';

/** What the page says about the tools it compares, or asks for: "Comparing A and B." */
export function comparingText(names: readonly string[]): string {
	if (names.length > 1) return `Comparing ${listNames(names)}.`;
	if (names.length === 1) return `Add another tool to compare with ${names[0]}.`;
	return 'Choose two to four tools to compare.';
}

/** What the address asked for that the table cannot show, and why. */
export function AddressNotes(props: { extra: number; leftOut: string[]; failed: number }) {
	const { extra, leftOut, failed } = props;
	const most = PICK_LIMITS.compare;
	return (
		<>
			{extra > 0 && (
				<p className="compare__note">
					Compares {most} tools at most: showing the first {most} of the {most + extra} in the
					address.
				</p>
			)}
			{leftOut.length > 0 && (
				<p className="compare__note">
					Left out {listNames(leftOut.map((value) => `“${value}”`))}: not the number of a tool in
					the directory.
				</p>
			)}
			{failed > 0 && (
				<p className="compare__note">
					The facts of {failed === 1 ? 'one tool' : `${failed} tools`} could not be loaded: check
					the connection, then reload the page.
				</p>
			)}
		</>
	);
}

/** The tools compared, each with its page and a button that removes it. */
export function ChosenTools(props: {
	tools: readonly CompareTool[];
	onRemove: (tool: CompareTool) => void;
}) {
	if (!props.tools.length) return null;
	return (
		<ul className="compare__chosen" aria-label="Tools compared">
			{props.tools.map((tool) => (
				<li key={tool.id}>
					<a href={tool.path}>{tool.name}</a>
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
