import { useEffect, useRef, useState } from 'react';
import { nameMatches, searchKey, toolCount } from '../lib/search';

interface Props {
	/** How many tools the static grid holds. */
	total: number;
	/** The id of the server-rendered list of cards that this island filters in place. */
	gridId: string;
}

interface IndexedCard {
	element: HTMLElement;
	key: string;
	shown: boolean;
}

function queryFromAddress(): string {
	return new URLSearchParams(window.location.search).get('q') ?? '';
}

/** Writes the query into the address (`/?q=`) without a new history entry per keystroke. */
function writeQueryToAddress(query: string) {
	const url = new URL(window.location.href);
	if (query) url.searchParams.set('q', query);
	else url.searchParams.delete('q');
	window.history.replaceState(window.history.state, '', url);
}

/**
 * Live name search over the cards already in the page. It gets no catalogue data: it reads
 * each card's name once into a lowercase index and toggles `hidden` only where it changes.
 */
export default function ToolSearch({ total, gridId }: Props) {
	const [query, setQuery] = useState('');
	const [shown, setShown] = useState(total);
	const index = useRef<IndexedCard[]>([]);

	function apply(next: string) {
		let count = 0;
		for (const card of index.current) {
			const match = nameMatches(card.key, next);
			if (match !== card.shown) {
				card.element.hidden = !match;
				card.shown = match;
			}
			if (match) count++;
		}
		setShown(count);
	}

	useEffect(() => {
		const grid = document.getElementById(gridId);
		index.current = Array.from(grid?.children ?? [], (element) => ({
			element: element as HTMLElement,
			key: searchKey(element.querySelector('.card__name')?.textContent ?? ''),
			shown: true,
		}));
		const restore = () => {
			const fromAddress = queryFromAddress();
			setQuery(fromAddress);
			apply(fromAddress);
		};
		restore();
		window.addEventListener('popstate', restore);
		return () => window.removeEventListener('popstate', restore);
	}, [gridId]);

	function onChange(next: string) {
		setQuery(next);
		apply(next);
		writeQueryToAddress(next);
	}

	const trimmed = query.trim();
	return (
		<div className="search">
			<form
				className="search__form"
				role="search"
				action="/"
				method="get"
				onSubmit={(event) => event.preventDefault()}
			>
				<label htmlFor="tool-search" className="visually-hidden">
					Search tools by name
				</label>
				<input
					id="tool-search"
					className="search__input"
					type="search"
					name="q"
					placeholder="Search by name..."
					autoComplete="off"
					spellCheck={false}
					value={query}
					onChange={(event) => onChange(event.target.value)}
				/>
			</form>
			<p className="search__status" role="status" aria-live="polite">
				{trimmed ? `${shown} of ${toolCount(total)} match “${trimmed}”` : toolCount(total)}
			</p>
			{trimmed && shown === 0 && (
				<div className="search__empty">
					<p>No tool name contains “{trimmed}”. Try a shorter or different name.</p>
					<button type="button" className="button" onClick={() => onChange('')}>
						Clear search
					</button>
				</div>
			)}
		</div>
	);
}
