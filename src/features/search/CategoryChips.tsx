import { useEffect, useRef } from 'react';
import { useHydrated } from './useHydrated.ts';
import './chips.css';

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
	/** Tools the other filters keep: in all categories, and per category. */
	allCount: number;
	counts: Record<string, number>;
	onSelect: (slug: string) => void;
	allChip: React.RefObject<HTMLButtonElement | null>;
}

/**
 * Without JavaScript, links to the category pages (and "All" to this page). Once the island
 * runs, toggle buttons (aria-pressed) that filter in place: native keyboard use, no traps.
 */
export default function CategoryChips(props: Props) {
	const hydrated = useHydrated();
	const row = useRef<HTMLDivElement>(null);
	const { selected } = props;
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
			{hydrated ? <ChipButtons {...props} /> : <ChipLinks {...props} />}
		</div>
	);
}

function ChipButtons({ categories, selected, allCount, counts, onSelect, allChip }: Props) {
	return (
		<>
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
		</>
	);
}

function ChipLinks({ categories, allCount }: Props) {
	return (
		<>
			<a className="chip" href="/" aria-current="page">
				All <ChipCount count={allCount} />
			</a>
			{categories.map(({ slug, label, href, count }) => (
				<a key={slug} className="chip" href={href}>
					{label} <ChipCount count={count} />
				</a>
			))}
		</>
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
