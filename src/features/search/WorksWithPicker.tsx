import { useState } from 'react';
import { useHydrated } from './useHydrated.ts';
import { WORKS_WITH_LIST_ID } from './works-with-options.ts';

/** One of the most connected tools, offered as a chip. */
export interface HubOption {
	key: string;
	name: string;
	partners: number;
	/** Its integration page, where the chip leads without JavaScript. */
	href: string;
}

interface Props {
	hubs: HubOption[];
	/** The chosen key ('' for none) and the chosen tool's name. */
	selected: string;
	selectedName: string;
	/** The key of a name the page's datalist holds, or null. */
	keyOfName: (name: string) => string | null;
	onSelect: (key: string) => void;
	/** The integration map, which ranks every connected tool (the way on without JavaScript). */
	mapHref: string;
}

/**
 * Without JavaScript, links to the integration pages of the most connected tools and to the
 * map, which lists every other. Once the island runs, toggle buttons for the same tools and a
 * box that offers every connected tool (the page's datalist), filtering in place.
 */
export default function WorksWithPicker(props: Props) {
	const hydrated = useHydrated();
	return (
		<div className="chips works-with" role="group" aria-label="Filter by what tools work with">
			<span className="works-with__label" aria-hidden="true">
				Works with
			</span>
			{hydrated ? (
				<WorksWithControls {...props} />
			) : (
				<>
					{props.hubs.map(({ key, name, href }) => (
						<a key={key} className="chip" href={href}>
							{name}
						</a>
					))}
					<a className="chip" href={props.mapHref}>
						All connected tools
					</a>
				</>
			)}
		</div>
	);
}

function WorksWithControls({ hubs, selected, selectedName, keyOfName, onSelect }: Props) {
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
		if (key && key !== selected) onSelect(key);
		else if (value.trim() === '' && selected) onSelect('');
	}

	return (
		<>
			{hubs.map(({ key, name, partners }) => (
				<button
					key={key}
					type="button"
					className="chip"
					aria-pressed={selected === key}
					onClick={() => onSelect(selected === key ? '' : key)}
				>
					{name}{' '}
					<span className="chip__count">
						{partners}
						<span className="visually-hidden"> partners</span>
					</span>
				</button>
			))}
			<label className="works-with__any">
				<span className="visually-hidden">Works with any tool</span>
				<input
					className="search__input works-with__input"
					type="search"
					list={WORKS_WITH_LIST_ID}
					placeholder="Any tool..."
					autoComplete="off"
					spellCheck={false}
					value={text}
					onChange={(event) => onText(event.target.value)}
				/>
			</label>
		</>
	);
}
