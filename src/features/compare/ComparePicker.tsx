import { type KeyboardEvent, useState } from 'react';
import type { NameEntry } from './files.ts';
import { loadNames } from './load.ts';
import { matchNames } from './match.ts';

/** Matches offered at once: enough to scan, few enough to arrow through. */
const SHOWN = 8;

interface Index {
	entries: NameEntry[];
	/** Each name lowercased, computed once. */
	keys: string[];
}

interface Props {
	/** The box's id, where the page puts the focus when the last tool is removed. */
	id: string;
	chosen: readonly number[];
	onChoose: (entry: NameEntry) => void;
}

/**
 * "Add a tool": a combobox over every live tool's name (ARIA's editable combobox with a list).
 * The names load when a visitor first focuses the box, never with the page; this module itself
 * loads only when the box is shown (a full table of four has none).
 */
export default function ComparePicker({ id, chosen, onChoose }: Props) {
	const [index, setIndex] = useState<Index | 'loading' | 'failed' | null>(null);
	const [text, setText] = useState('');
	const [open, setOpen] = useState(false);
	const [active, setActive] = useState(-1);
	const matches =
		typeof index === 'object' && index
			? matchNames(index.entries, index.keys, text, chosen, SHOWN)
			: [];
	const shown = open && matches.length > 0;

	function load() {
		if (index && index !== 'failed') return;
		setIndex('loading');
		loadNames().then(
			(entries) => setIndex({ entries, keys: entries.map(([, name]) => name.toLowerCase()) }),
			() => setIndex('failed'),
		);
	}

	function choose(entry: NameEntry) {
		setText('');
		setOpen(false);
		setActive(-1);
		onChoose(entry);
	}

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		const last = matches.length - 1;
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault();
			setOpen(true);
			const down = event.key === 'ArrowDown';
			setActive(
				!shown
					? down
						? 0
						: last
					: down
						? active >= last
							? 0
							: active + 1
						: active <= 0
							? last
							: active - 1,
			);
		} else if (event.key === 'Enter' && shown) {
			event.preventDefault();
			choose(matches[Math.max(active, 0)]);
		} else if (event.key === 'Escape') {
			if (shown) setOpen(false);
			else setText('');
			setActive(-1);
		}
	}

	const status =
		index === 'failed'
			? 'The list of tools could not be loaded. Check your connection, then type again.'
			: index === 'loading' && text.trim()
				? 'Loading…'
				: typeof index === 'object' && index && text.trim() && matches.length === 0
					? `No tool to add matches “${text.trim()}”.`
					: '';

	return (
		<div className="compare__picker">
			<label htmlFor={id}>Add a tool to compare</label>
			<input
				id={id}
				className="search__input"
				type="text"
				role="combobox"
				aria-autocomplete="list"
				aria-expanded={shown}
				aria-controls="compare-options"
				aria-activedescendant={
					shown && active >= 0 ? `compare-option-${matches[active][0]}` : undefined
				}
				aria-describedby="compare-picker-status"
				autoComplete="off"
				spellCheck={false}
				placeholder="Type a tool’s name"
				value={text}
				onFocus={load}
				onChange={(event) => {
					load();
					setText(event.target.value);
					setOpen(true);
					setActive(-1);
				}}
				onKeyDown={onKeyDown}
				onBlur={() => setOpen(false)}
			/>
			<ul
				className="compare__options"
				role="listbox"
				id="compare-options"
				aria-label="Matching tools"
				hidden={!shown}
			>
				{shown &&
					matches.map((entry, at) => (
						<li
							key={entry[0]}
							id={`compare-option-${entry[0]}`}
							role="option"
							aria-selected={at === active}
							// Keeps the focus in the box, so the choice is announced there.
							onMouseDown={(event) => event.preventDefault()}
							onClick={() => choose(entry)}
						>
							{entry[1]}
						</li>
					))}
			</ul>
			<p className="compare__hint" id="compare-picker-status" aria-live="polite">
				{status}
			</p>
		</div>
	);
}
