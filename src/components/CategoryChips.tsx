import { useEffect, useRef } from 'react';

/** A category of the fixed taxonomy as the chips show it, with how many tools it holds. */
export interface CategoryOption {
	slug: string;
	label: string;
	description: string;
	/** The category's own page. */
	href: string;
	count: number;
}

interface Props {
	categories: CategoryOption[];
	/** The chosen category's slug, or '' for all. */
	selected: string;
	/** Tools whose name matches the search: in all categories, and per category. */
	allCount: number;
	counts: Record<string, number>;
	onSelect: (slug: string) => void;
	allChip: React.RefObject<HTMLButtonElement | null>;
}

/** Toggle buttons (aria-pressed), one per category plus "All": native keyboard use, no traps. */
export default function CategoryChips({
	categories,
	selected,
	allCount,
	counts,
	onSelect,
	allChip,
}: Props) {
	const row = useRef<HTMLDivElement>(null);
	// On phones the row scrolls sideways: bring the chosen chip into view (e.g. after a reload).
	// "All" comes first, so there is nothing to scroll to (and no layout to force on load).
	useEffect(() => {
		if (selected) {
			row.current
				?.querySelector('[aria-pressed="true"]')
				?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
		}
	}, [selected]);

	return (
		<div ref={row} className="chips" role="group" aria-label="Filter by category">
			<button
				ref={allChip}
				type="button"
				className="chip"
				aria-pressed={selected === ''}
				onClick={() => onSelect('')}
			>
				All <ChipCount count={allCount} />
			</button>
			{categories.map(({ slug, label }) => (
				<button
					key={slug}
					type="button"
					className="chip"
					aria-pressed={selected === slug}
					onClick={() => onSelect(selected === slug ? '' : slug)}
				>
					{label} <ChipCount count={counts[slug] ?? 0} />
				</button>
			))}
		</div>
	);
}

function ChipCount({ count }: { count: number }) {
	return (
		<span className="chip__count">
			{count}
			<span className="visually-hidden"> {count === 1 ? 'tool' : 'tools'}</span>
		</span>
	);
}
