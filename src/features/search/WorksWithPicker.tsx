import { useState } from 'react';
import { useHydrated } from './useHydrated.ts';
import { WORKS_WITH_LIST_ID, type WorksWithChoice } from './works-with-options.ts';

interface Props {
	/** The most connected tools, offered as chips (read from the page, never props). */
	hubs: () => WorksWithChoice[];
	/** The chosen key ('' for none) and the chosen tool's name. */
	selected: string;
	selectedName: string;
	/** The key of a name the page's datalist holds, or null. */
	keyOfName: (name: string) => string | null;
	onSelect: (key: string) => void;
}

/**
 * Once the island runs: a box offering every connected tool, then toggle buttons for the most
 * connected tools (the page's datalist), filtering in place. Without JavaScript the page shows
 * links to their integration pages instead (index.astro), in the space this row keeps.
 */
export default function WorksWithPicker(props: Props) {
	return <div className="works-with">{useHydrated() && <Controls {...props} />}</div>;
}

function Controls({ hubs, selected, selectedName, keyOfName, onSelect }: Props) {
	const [text, setText] = useState(selectedName);
	const [shownChoice, setShownChoice] = useState(selectedName);
	// The box shows the chosen tool, whether chosen here, by a chip, or by the address
	// (adjusted while rendering, as React advises, rather than in an effect).
	if (shownChoice !== selectedName) {
		setShownChoice(selectedName);
		setText(selectedName);
	}
	function onText(value: string) {
		setText(value);
		const key = keyOfName(value);
		if (key ? key !== selected : !value.trim() && selected) onSelect(key ?? '');
	}
	return (
		<div className="chips" role="group" aria-label="Filter by what tools work with">
			{/* First: on a phone the row scrolls sideways, and the box reaches every tool. */}
			<input
				className="search__input works-with__input"
				type="search"
				list={WORKS_WITH_LIST_ID}
				aria-label="Works with any tool"
				placeholder="Works with..."
				autoComplete="off"
				spellCheck={false}
				value={text}
				onChange={(event) => onText(event.target.value)}
			/>
			{hubs().map(({ key, name, partners }) => (
				<button
					key={key}
					type="button"
					className="chip"
					aria-pressed={selected === key}
					onClick={() => onSelect(selected === key ? '' : key)}
				>
					{name}{' '}
					<span className="chip__count">
						{partners.size}
						<span className="visually-hidden"> partners</span>
					</span>
				</button>
			))}
		</div>
	);
}
