/**
 * Logos of the home grid after its first section are written inside `<noscript>`: with
 * JavaScript off the browser parses them as images (lazy-loaded as usual); with JavaScript on
 * it keeps them as text, so 10,000 cards do not cost 10,000 image requests and lazy-load
 * observers while the page renders (measured: most of the page's long task at 10,000 tools).
 * This module turns that text into the image once a section comes near the viewport.
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
 * Reveals the logos of each section of `grid` as it comes within a screen or so of the
 * viewport (one observer for the sections, not one per image). Returns a stop function.
 */
export function revealLogosNearViewport(grid: HTMLElement): () => void {
	const observer = new IntersectionObserver(
		(entries) => {
			for (const entry of entries) {
				if (!entry.isIntersecting) continue;
				observer.unobserve(entry.target);
				revealLogos(entry.target);
			}
		},
		{ rootMargin: '100% 0px' },
	);
	for (const section of grid.children) {
		if (section.querySelector(DEFERRED)) observer.observe(section);
	}
	return () => observer.disconnect();
}
