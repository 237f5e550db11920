import { useRef, useState } from 'react';
import { useHydrated } from './useHydrated.ts';
import { WORKS_WITH_LIST_ID, type WorksWithChoice } from './works-with-options.ts';
import './chips.css';
import './search.css';

interface Props {
	/** The most connected tools, offered as chips (read from the page, never props). */
	hubs: () => WorksWithChoice[];
	/** The chosen tools, in the order chosen (the same objects `hubs` gives for a hub). */
	chosen: WorksWithChoice[];
	/** The key of a name the page's datalist holds, or null. */
	keyOfName: (name: string) => string | null;
	/** The keys the filter holds next. */
	onChange: (keys: string[]) => void;
}

/**
 * Once the island runs: a box offering every connected tool, then the chosen tools that are
 * not among the most connected, then toggle buttons for the most connected (the page's
 * datalist), filtering in place; the matches work with every chosen tool. Without JavaScript
 * the page shows links to their integration pages instead (index.astro), in the space this
 * row keeps.
 */
export default function WorksWithPicker(props: Props) {
	return <div className="works-with">{useHydrated() && <Controls {...props} />}</div>;
}

function Controls({ hubs, chosen, keyOfName, onChange }: Props) {
	const [text, setText] = useState('');
	const box = useRef<HTMLInputElement>(null);
	const keys = chosen.map((tool) => tool.key);
	const shown = hubs();
	function onText(value: string) {
		const key = keyOfName(value);
		// A name the list holds is chosen (once), and the box is left for the next one.
		setText(key ? '' : value);
		if (key && !keys.includes(key)) onChange([...keys, key]);
	}
	return (
		<div className="chips" role="group" aria-label="Filter by what tools work with">
			{/* First: on a phone the row scrolls sideways, and the box reaches every tool. */}
			<input
				ref={box}
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
			{[...chosen.filter((tool) => !shown.includes(tool)), ...shown].map((tool) => (
				<button
					key={tool.key}
					type="button"
					className="chip"
					aria-pressed={chosen.includes(tool)}
					onClick={() => {
						onChange(
							chosen.includes(tool) ? keys.filter((key) => key !== tool.key) : [...keys, tool.key],
						);
						// A chosen tool beyond the hubs leaves the row, and would take the focus with it.
						if (!shown.includes(tool)) box.current?.focus();
					}}
				>
					{tool.name}{' '}
					<span className="chip__count">
						{tool.partners.size}
						<span className="visually-hidden"> partners</span>
					</span>
				</button>
			))}
		</div>
	);
}
