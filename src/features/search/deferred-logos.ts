/**
 * Logos of the home grid after its first section are written inside `<noscript>`: with
 * JavaScript off the browser parses them as images (lazy-loaded as usual); with JavaScript on
 * it keeps them as text, so 10,000 cards do not cost 10,000 image requests and lazy-load
 * observers while the page renders (measured: most of the page's long task at 10,000 tools).
 * This module turns that text into the image once the browser starts rendering a section.
 */

const DEFERRED = '.logo > noscript';

/** Replaces every deferred logo inside `root` by the image its `<noscript>` holds. */
export function revealLogos(root: ParentNode) {
	for (const holder of root.querySelectorAll<HTMLElement>(DEFERRED)) {
		const template = document.createElement('template');
		// The text is the server's own escaped markup for one <img>, never visitor input.
		template.innerHTML = holder.textContent ?? '';
		holder.replaceWith(template.content);
	}
}

/**
 * Reveals the logos of each section of `grid` when the browser starts rendering it, i.e. as it
 * comes near the viewport (`content-visibility: auto` tells: no observer of our own, which
 * measured about a millisecond of every frame at 10,000 tools). The event does not bubble;
 * listening in the capture phase hears it for every section. The sections drawn before the
 * island hydrated (a tall window, or a visitor who scrolled while the script loaded) sent their
 * event to no one: they are revealed at once. Returns a stop function.
 */
export function revealLogosNearViewport(grid: HTMLElement): () => void {
	// The event's target is the section whose state changed; `skipped` false: now drawn.
	const onStateChange = (event: Event) => {
		if (!(event as Event & { skipped: boolean }).skipped) revealLogos(event.target as Element);
	};
	grid.addEventListener('contentvisibilityautostatechange', onStateChange, { capture: true });
	// A section's own box is always drawn; its cards are what `content-visibility: auto` skips.
	for (const section of grid.children)
		if (section.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }))
			revealLogos(section);
	return () =>
		grid.removeEventListener('contentvisibilityautostatechange', onStateChange, { capture: true });
}
