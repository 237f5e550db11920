import { useState } from 'react';
import { matchTools } from '../picker/match.ts';
import ToolPicker from '../picker/ToolPicker.tsx';
import type { NameEntry } from './files.ts';
import { loadNames } from './load-names.ts';

/** Every live tool's name, loaded once, with its lowercase form and its place by id. */
interface Index {
	entries: NameEntry[];
	lowerNames: string[];
	placeOf: Map<number, number>;
}

interface Props {
	/** The box's id, where the page puts the focus when the last tool is removed. */
	id: string;
	chosen: readonly number[];
	onChoose: (entry: NameEntry) => void;
	/** The names index's address (`compareFiles.names`). */
	names: string;
}

/**
 * "Add a tool to compare": the one tool picker (ToolPicker) over every live tool's name. The
 * names load when a visitor first focuses the box, never with the page; this module itself
 * loads only when the box is shown (a full table of four has none).
 */
export default function ComparePicker({ id, chosen, onChoose, names }: Props) {
	const [index, setIndex] = useState<Index | 'loading' | 'failed' | null>(null);
	const ready = typeof index === 'object' && index !== null ? index : null;

	function load() {
		if (index && index !== 'failed') return;
		setIndex('loading');
		loadNames(names).then(
			(entries) =>
				setIndex({
					entries,
					lowerNames: entries.map(([, name]) => name.toLowerCase()),
					placeOf: new Map(entries.map(([toolId], at) => [toolId, at])),
				}),
			() => setIndex('failed'),
		);
	}

	function hint(typed: string, offered: number) {
		if (index === 'failed')
			return 'The list of tools could not be loaded. Check your connection, then type again.';
		if (!typed.trim()) return '';
		if (index === 'loading') return 'Loading…';
		return ready && offered === 0 ? `No tool to add matches “${typed.trim()}”.` : '';
	}

	return (
		<ToolPicker
			id={id}
			label="Add a tool to compare"
			className="picker compare__picker"
			placeholder="Type a tool’s name"
			onFocus={load}
			match={(typed) =>
				ready
					? matchTools(
							ready.lowerNames,
							typed,
							new Set(chosen.map((toolId) => ready.placeOf.get(toolId) ?? -1)),
						)
					: []
			}
			option={(place) => ready!.entries[place][1]}
			hint={hint}
			onChoose={(place) => onChoose(ready!.entries[place])}
		/>
	);
}
