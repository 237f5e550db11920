// The stack page's budgets (issue 20), beside DESIGN.md's in budgets.ts: the benchmark reports
// against them (scripts/bench/stack.ts) and the site tests enforce the structural ones.
export const STACK_BUDGETS = {
	/** JavaScript on /stack/: React's chunk plus at most this much gzip of the site's own code. */
	stackOwnJsGzip: 10_000,
	/** The graph file the island loads, gzip, divided by the pairs it holds. */
	graphGzipPerPair: 40,
	/** Choosing a tool: keystroke to the updated page, p95, at the size below. */
	chooseP95Ms: 16,
	atTools: 10_000,
	atPairs: 50_000,
} as const;
