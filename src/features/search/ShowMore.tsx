import { useEffect, useEffectEvent, useRef } from 'react';
import './search.css';

interface Props {
	/** Matches in the results list now, and how many there are in all. */
	shown: number;
	matches: number;
	pageSize: number;
	/**
	 * Adds the next page. A click passes how many cards were shown when the button took the
	 * focus, so the focus moves to the first card the visitor has not reached yet (pages may
	 * have come on their own in between); scrolling passes null.
	 */
	onMore: (focusFrom: number | null) => void;
}

/**
 * Below a search's matches (the whole grid has no such thing): "Show more" adds the next page
 * of matching cards. It also does so on its own when it scrolls near the viewport, so
 * scrolling goes on through every match.
 */
export default function ShowMore({ shown, matches, pageSize, onMore }: Props) {
	const button = useRef<HTMLButtonElement>(null);
	const shownAtFocus = useRef(shown);
	const moreOnScroll = useEffectEvent(() => onMore(null));
	const remaining = matches - shown;

	useEffect(() => {
		const target = button.current;
		if (!target || remaining <= 0) return;
		// A new observer reports at once whether the button is still near: keep filling until it is not.
		const observer = new IntersectionObserver(
			([entry]) => {
				if (entry?.isIntersecting) moreOnScroll();
			},
			{ rootMargin: '0px 0px 200px 0px' },
		);
		observer.observe(target);
		return () => observer.disconnect();
	}, [shown, remaining]);

	if (remaining <= 0) return null;
	return (
		<div className="show-more">
			<p className="show-more__count">
				Showing {shown} of {matches} matching tools
			</p>
			<button
				ref={button}
				type="button"
				className="button"
				onFocus={() => (shownAtFocus.current = shown)}
				onClick={() => onMore(shownAtFocus.current)}
			>
				Show {Math.min(pageSize, remaining)} more
			</button>
		</div>
	);
}
