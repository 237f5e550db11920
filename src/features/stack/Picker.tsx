import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { suggest } from './suggest.ts';

interface Props {
	/** The text box, for the page to return focus to (after a tool is removed). */
	inputRef: Ref<HTMLInputElement>;
	names: readonly string[];
	lowerNames: readonly string[];
	degree: ArrayLike<number>;
	/** What the picker says about a tool beside its name (category, partners). */
	describe: (tool: number) => string;
	chosen: readonly number[];
	/** Why nothing more can be added (a full stack), or null. */
	full: string | null;
	onChoose: (tool: number) => void;
}

/**
 * A type-ahead picker (the ARIA combobox pattern, list autocomplete with the first match
 * selected): type part of a name, move with the arrow keys, choose with Enter or a click.
 * Focus stays in the box, ready for the next tool.
 */
export default function Picker({
	inputRef,
	names,
	lowerNames,
	degree,
	describe,
	chosen,
	full,
	onChoose,
}: Props) {
	const id = useId();
	const [text, setText] = useState('');
	const [active, setActive] = useState(0);
	const [open, setOpen] = useState(false);
	const options = useMemo(
		() => (full ? [] : suggest(lowerNames, degree, text, new Set(chosen))),
		[lowerNames, degree, text, chosen, full],
	);
	const shown = open && options.length > 0;
	const activeOption = shown ? Math.min(active, options.length - 1) : -1;

	function choose(tool: number) {
		onChoose(tool);
		setText('');
		setActive(0);
	}

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
		if (move) {
			event.preventDefault();
			setOpen(true);
			setActive(Math.max(0, Math.min(options.length - 1, activeOption + move)));
		} else if (event.key === 'Enter' && shown) {
			event.preventDefault();
			choose(options[activeOption]);
		} else if (event.key === 'Escape') {
			if (shown) setOpen(false);
			else setText('');
		}
	}

	return (
		<div className="stack-picker">
			<label htmlFor={`${id}i`}>Add a tool you use</label>
			<input
				ref={inputRef}
				id={`${id}i`}
				className="search__input"
				type="text"
				role="combobox"
				aria-expanded={shown}
				aria-controls={`${id}l`}
				aria-autocomplete="list"
				aria-activedescendant={shown ? `${id}o${activeOption}` : undefined}
				aria-describedby={`${id}h`}
				autoComplete="off"
				spellCheck={false}
				value={text}
				onChange={(event) => {
					setText(event.target.value);
					setActive(0);
					setOpen(true);
				}}
				onKeyDown={onKeyDown}
				onFocus={() => setOpen(true)}
				onBlur={() => setOpen(false)}
			/>
			<p id={`${id}h`} className="stack-picker__hint">
				{full ?? 'Type part of its name, then choose it with the arrow keys and Enter.'}
			</p>
			<ul id={`${id}l`} role="listbox" aria-label="Matching tools" hidden={!shown}>
				{shown &&
					options.map((tool, at) => (
						<li
							key={tool}
							id={`${id}o${at}`}
							role="option"
							aria-selected={at === activeOption}
							// Keeps focus in the box: the click chooses, the box stays ready.
							onMouseDown={(event) => event.preventDefault()}
							onClick={() => choose(tool)}
						>
							{names[tool]} <span>{describe(tool)}</span>
						</li>
					))}
			</ul>
			{open && !full && text.trim() && !options.length && (
				<p className="stack-picker__hint">No listed tool’s name contains “{text.trim()}”.</p>
			)}
		</div>
	);
}
