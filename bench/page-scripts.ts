import { CARD_SELECTOR, HOME_GRID_ID, RESULTS_ID } from '../src/features/search/grid-markup.ts';

// Code that runs inside the benchmarked page. Passed as strings so the TypeScript loader's
// helpers never leak into the page (page.evaluate of a string is also allowed by the site's CSP).

/** A keystroke whose grid has not settled by then is counted as a wrong result. */
export const SETTLE_LIMIT_MS = 10_000;

// Median paint timings of a cold load, read once the page has loaded.
export const READ_PAINTS = `new Promise((resolve) => {
	const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
	const nav = performance.getEntriesByType('navigation')[0];
	const done = (lcp) => resolve({ fcp, lcp, dcl: nav?.domContentLoadedEventEnd ?? NaN, load: nav?.loadEventEnd ?? NaN });
	new PerformanceObserver((list) => done(list.getEntries().at(-1)?.startTime ?? NaN))
		.observe({ type: 'largest-contentful-paint', buffered: true });
	setTimeout(() => done(NaN), 5000);
})`;

// Keystroke (trusted keydown timestamp) to the end of the first frame in which the page shows
// the expected number of cards, a range: with an empty box every card of the whole grid; else the
// first page of matches in the results list, or more if it went on filling towards the viewport
// (rAF, then a message: the first task after that frame's paint). Waiting for the expected count
// also covers a filter that spreads its work over several frames.
export const INSTRUMENT_SEARCH = `(() => {
	const grid = document.getElementById(${JSON.stringify(HOME_GRID_ID)});
	const results = document.getElementById(${JSON.stringify(RESULTS_ID)});
	const bench = (window.__bench = { samples: [], at: [], shown: [], expect: [-1, -1], waiting: [] });
	// Resolves once n keystrokes have been measured (no polling while a frame is measured).
	bench.until = (n) => new Promise((resolve, reject) => {
		if (bench.samples.length >= n) return resolve([bench.samples[n - 1], bench.shown[n - 1]]);
		bench.waiting.push({ n, resolve });
		setTimeout(() => reject(new Error('keystroke ' + n + ' never updated the page')), 60000);
	});
	// Cards a visitor can see: the results list while it is shown, else the whole grid.
	const shownCards = () => results && !results.hidden
		? results.children.length
		: grid.querySelectorAll(${JSON.stringify(CARD_SELECTOR)}).length;
	let keyAt = 0;
	const afterNextFrame = () => requestAnimationFrame(() => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			const now = performance.now();
			const shown = shownCards();
			if ((shown < bench.expect[0] || shown > bench.expect[1]) && now - keyAt < ${SETTLE_LIMIT_MS}) return afterNextFrame();
			bench.samples.push(now - keyAt);
			bench.at.push(now);
			bench.shown.push(shown);
			bench.waiting.filter((w) => w.n <= bench.samples.length).forEach((w) => w.resolve([bench.samples[w.n - 1], bench.shown[w.n - 1]]));
		};
		channel.port2.postMessage(0);
	});
	window.addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, true);
	window.addEventListener('input', afterNextFrame);
})()`;

// The search island is ready once Astro has hydrated it (it drops the `ssr` attribute).
export const WAIT_FOR_HYDRATION = `new Promise((resolve, reject) => {
	const started = Date.now();
	const check = () => {
		const island = document.getElementById('tool-search')?.closest('astro-island');
		if (island && !island.hasAttribute('ssr')) resolve(performance.now());
		else if (Date.now() - started > 120000) reject(new Error('search island never hydrated'));
		else setTimeout(check, 20);
	};
	check();
})`;
