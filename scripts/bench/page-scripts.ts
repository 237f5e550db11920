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

// Keystroke (trusted keydown timestamp) to the end of the first frame in which the grid shows
// the expected number of cards, a range: the first page of matches, or more if the grid went on
// filling towards the viewport (rAF, then a message: the first task after that frame's paint).
// Waiting for the expected count also covers a filter that spreads its work over several frames.
export const INSTRUMENT_SEARCH = `(() => {
	const grid = document.getElementById('tool-grid');
	const bench = (window.__bench = { samples: [], shown: [], expect: [-1, -1], waiting: [] });
	// Resolves once n keystrokes have been measured (no polling while a frame is measured).
	bench.until = (n) => new Promise((resolve, reject) => {
		if (bench.samples.length >= n) return resolve([bench.samples[n - 1], bench.shown[n - 1]]);
		bench.waiting.push({ n, resolve });
		setTimeout(() => reject(new Error('keystroke ' + n + ' never updated the page')), 60000);
	});
	let keyAt = 0;
	const afterNextFrame = () => requestAnimationFrame(() => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			const now = performance.now();
			const shown = grid.querySelectorAll(':scope > li:not([hidden])').length;
			if ((shown < bench.expect[0] || shown > bench.expect[1]) && now - keyAt < ${SETTLE_LIMIT_MS}) return afterNextFrame();
			bench.samples.push(now - keyAt);
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
