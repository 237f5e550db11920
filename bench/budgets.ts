// The budgets' figures, written once, in bytes and milliseconds (KB and MB = 1,000 and
// 1,000,000 bytes). Why each exists and what it may not trade away is in docs/design.md
// ("Budgets", set anew on 2026-11-24). `npm run bench` and `npm run audit` report against them
// and the site tests enforce the structural ones (JavaScript per page).
export const BUDGETS = {
	/**
	 * JavaScript on the home page: React's runtime chunk (the customer's choice, measured but
	 * not budgeted) plus at most this much gzip of the site's own code.
	 */
	homeOwnJsGzip: 8_000,
	/**
	 * The compare page: React's chunk plus at most this much gzip of its own JavaScript and the
	 * files of the four tools it compares (record 0019's 10 KB, 12 KB since record 0024: each fact now
	 * carries the sentence its page says, which a buyer reads before trusting it; 13 KB since record
	 * 0031: the researched hubs carry three times the sourced facts, each with its own address).
	 */
	compareOwnGzip: 13_000,
	islandlessJs: 0,
	homeGzipPerTool: 250,
	/**
	 * Live search at `searchAt` tools, keystroke to updated results, with no filter and with every
	 * filter on; reported beside the empty-page floor of the same run.
	 */
	searchAt: 10_000,
	searchP50Ms: 16,
	searchP95Ms: 50,
	/**
	 * Page work while the home page renders: at `searchAt` tools no main-thread task longer than
	 * this except Chromium's own HTML-parser chunks; at `strictTasksAt` tools none at all.
	 */
	longTaskMs: 200,
	strictTasksAt: 1_000,
	/** The search box answers a keystroke within this of the first contentful paint. */
	searchAnswersAfterPaintMs: 1_500,
	buildAt: 10_000,
	buildWallMs: 60_000,
	buildRssBytes: 1.5e9,
	/** Marginal build cost per tool may vary this much between size intervals and still be linear. */
	linearTolerance: 1.5,
	/** `npm start` over HTTP, 50 clients × 60 s; one call at rest. */
	load: {
		perSecond: 300,
		p99Ms: 250,
		functionAtRestP50Ms: 15,
	},
	/** Every process `npm start` runs, RSS summed: at rest after the start, after the 60 s load. */
	memory: {
		atRestBytes: 450e6,
		afterLoadBytes: 550e6,
	},
	/** First view, Lighthouse mobile (`npm run audit`), served compressed. */
	firstView: {
		/** Tool pages: in every run. */
		toolLcpMs: 1_000,
		/** Home page: the median of the runs, and below both peers' medians in the same sitting. */
		homeLcpMedianMs: 1_200,
		/** Every Lighthouse category on the home and a tool page. */
		minScore: 95,
	},
	/** The market map (record 0023), at every size the bench builds. */
	landscape: {
		/** `/landscape/` HTML gzip per tile (a tool once per placement). */
		gzipPerTile: 120,
		/** Its own JavaScript, gzip (no React). */
		ownJsGzip: 4_000,
	},
	/** The stack page (record 0018; in docs/design.md's budgets), at `atTools` and `atPairs`. */
	stack: {
		/** JavaScript on /stack/: React's chunk plus at most this much gzip of the site's own code. */
		ownJsGzip: 10_000,
		/** The graph file the island loads, gzip, divided by the pairs it holds. */
		graphGzipPerPair: 40,
		/**
		 * A choice's own main-thread work in the trace (script, style, layout, paint up to the frame
		 * showing the plan): the median and the slowest. Its wall-clock p50/p95 is reported beside
		 * the empty-page floor of the same run, not judged alone.
		 */
		chooseWorkMedianMs: 8,
		chooseWorkSlowestMs: 25,
		atTools: 10_000,
		atPairs: 50_000,
	},
} as const;

/** Figures of record 0012 kept beside the budgets as checks, not budgets of docs/design.md. */
export const LOAD_CHECKS = {
	/** The compressed home page at rest. */
	homeP50Ms: 5,
	/** Memory after the second load run against the first: a leak shows here. */
	memoryGrowth: 0.1,
} as const;

/**
 * React's runtime chunk as the build names it: astro.config.mjs groups react, react-dom,
 * scheduler and @astrojs/react into one chunk called "react", and nothing else goes in it.
 */
export const REACT_CHUNK = /^\/_astro\/react\.[\w-]+\.js$/;
