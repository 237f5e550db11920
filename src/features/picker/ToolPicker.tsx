import { type KeyboardEvent, type ReactNode, type Ref, useId, useState } from 'react';
import './picker.css';

interface Props {
	label: string;
	/** The box's id, for a page that moves the focus back to it; one is made otherwise. */
	id?: string;
	inputRef?: Ref<HTMLInputElement>;
	/** The wrapper's class: the page's own styles (`compare__picker`, `stack-picker`). */
	className: string;
	placeholder?: string;
	/** The tools offered for what was typed, best first (matchTools). */
	match: (typed: string) => number[];
	/** An option's words: the name, and whatever the page says beside it. */
	option: (tool: number) => ReactNode;
	/** What the hint under the box says now: how to use it, loading, a failure, no match. */
	hint: (typed: string, offered: number) => string;
	onChoose: (tool: number) => void;
	/** The box got the focus (the compare page loads the names then). */
	onFocus?: () => void;
}

/**
 * "Add a tool": the one type-ahead picker of every island that picks tools (the ARIA editable
 * combobox with list autocomplete, the first match selected). Type part of a name; ArrowDown and
 * ArrowUp move through the matches and stop at either end; Enter chooses the selected match (the
 * first, unless moved); Escape closes the list, and a second Escape clears the box; a click
 * chooses too. The focus stays in the box, ready for the next tool.
 */
export default function ToolPicker(props: Props) {
	const { label, inputRef, className, placeholder, match, option, hint, onChoose, onFocus } = props;
	const made = useId();
	const id = props.id ?? `${made}box`;
	const [typed, setTyped] = useState('');
	const [open, setOpen] = useState(false);
	const [active, setActive] = useState(0);
	const offered = match(typed);
	const shown = open && offered.length > 0;
	const selected = Math.min(active, offered.length - 1);
	const optionId = (tool: number) => `${id}-option-${tool}`;

	function choose(tool: number) {
		setTyped('');
		setActive(0);
		onChoose(tool);
	}

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
		if (move) {
			event.preventDefault();
			setOpen(true);
			if (shown) setActive(Math.max(0, Math.min(offered.length - 1, selected + move)));
		} else if (event.key === 'Enter' && shown) {
			event.preventDefault();
			choose(offered[selected]);
		} else if (event.key === 'Escape') {
			if (shown) setOpen(false);
			else setTyped('');
		}
	}

	return (
		<div className={className}>
			<label htmlFor={id}>{label}</label>
			<input
				ref={inputRef}
				id={id}
				className="search__input"
				type="text"
				role="combobox"
				aria-autocomplete="list"
				aria-expanded={shown}
				aria-controls={`${id}-options`}
				aria-activedescendant={shown ? optionId(offered[selected]) : undefined}
				aria-describedby={`${id}-hint`}
				autoComplete="off"
				spellCheck={false}
				placeholder={placeholder}
				value={typed}
				onFocus={() => {
					onFocus?.();
					setOpen(true);
				}}
				onChange={(event) => {
					onFocus?.();
					setTyped(event.target.value);
					setActive(0);
					setOpen(true);
				}}
				onKeyDown={onKeyDown}
				onBlur={() => setOpen(false)}
			/>
			<ul
				className="picker__options"
				role="listbox"
				id={`${id}-options`}
				aria-label="Matching tools"
				hidden={!shown}
			>
				{shown &&
					offered.map((tool, at) => (
						<li
							key={tool}
							id={optionId(tool)}
							role="option"
							aria-selected={at === selected}
							// Keeps the focus in the box, so the choice is announced there.
							onMouseDown={(event) => event.preventDefault()}
							onClick={() => choose(tool)}
						>
							{option(tool)}
						</li>
					))}
			</ul>
			<p className="picker__hint" id={`${id}-hint`} aria-live="polite">
				{hint(typed, offered.length)}
			</p>
		</div>
	);
}
