// The budgets of ../shared/DESIGN.md ("Budgets"), in bytes and milliseconds (KB = 1,000
// bytes), written once: the benchmark reports against them and the site tests enforce the
// structural ones (JavaScript per page).
export const BUDGETS = {
	/**
	 * JavaScript on the home page: React's runtime chunk (the customer's choice, measured but
	 * not budgeted) plus at most this much gzip of the site's own code.
	 */
	homeOwnJsGzip: 8_000,
	/**
	 * The compare page: React's chunk plus at most this much gzip of its own JavaScript and the
	 * files of the four tools it compares (issue 19).
	 */
	compareOwnGzip: 10_000,
	islandlessJs: 0,
	homeGzipPerTool: 250,
	searchP95Ms: 16,
	searchAt: 10_000,
	/** No main-thread task longer than this while the home page renders, at `searchAt` tools. */
	longTaskMs: 200,
	buildAt: 10_000,
	buildWallMs: 60_000,
	buildRssBytes: 1.5e9,
	/** Marginal build cost per tool may vary this much between size intervals and still be linear. */
	linearTolerance: 1.5,
} as const;

/**
 * React's runtime chunk as the build names it: astro.config.mjs groups react, react-dom,
 * scheduler and @astrojs/react into one chunk called "react", and nothing else goes in it.
 */
export const REACT_CHUNK = /^\/_astro\/react\.[\w-]+\.js$/;
