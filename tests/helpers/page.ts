import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import {
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
	HOME_GRID_ID,
	RESULTS_ID,
} from '../../src/features/search/grid-markup.ts';
import { endpoints } from '../../src/lib/paths.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A new page in a context of its own, closed when the test finishes whatever happens (no test
 * closes it by hand), that fails the test on any console error or page error, and on any
 * request the page makes to another host (a page viewed asks no third party: logos are the
 * site's own): checked when the test finishes, for every page every browser test opens (this
 * is the one place that decides). Not errors of the page, only the browser's network log: the
 * page's own document answering 404 (the 404 page), and a form post the site answers with an
 * error or cannot reach (the forms show their own message, which the tests check). A test that
 * provokes another error on purpose names it with `allowErrors`.
 */
export async function openPage(
	browser: Browser,
	options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
) {
	const context = await browser.newContext({
		viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
		javaScriptEnabled: options.javaScriptEnabled ?? true,
	});
	// Closed when the test ends, passed or failed: registered before the errors' check, which
	// vitest runs first (its finish hooks run last-registered first).
	onTestFinished(() => context.close());
	const page = await context.newPage();
	const errors: string[] = [];
	const allowed: RegExp[] = [];
	const unexpected = () => errors.filter((error) => !allowed.some((allow) => allow.test(error)));
	onTestFinished(() => {
		expect(unexpected(), 'console or page errors in the browser').toEqual([]);
	});
	page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
	// Following a link to another site is a navigation, not a request the page makes.
	page.on('request', (request) => {
		const { protocol, hostname } = new URL(request.url());
		if (/^https?:$/.test(protocol) && !LOOPBACK.has(hostname) && !request.isNavigationRequest())
			errors.push(`request to another host: ${request.url()}`);
	});
	page.on('console', (message) => {
		if (message.type() !== 'error') return;
		const source = message.location().url ?? '';
		const networkLog = message.text().startsWith('Failed to load resource');
		const formPost = [endpoints.submit, endpoints.subscribe].some(
			(endpoint) => new URL(source, page.url()).pathname === endpoint,
		);
		if (networkLog && (formPost || source === page.url())) return;
		errors.push(`console.error: ${message.text()} (${source})`);
	});
	return {
		page,
		/** Errors matching `pattern` are provoked by the test on purpose: not failures. */
		allowErrors(pattern: RegExp) {
			allowed.push(pattern);
		},
		/** Checks now (the end of the test checks again); `allow` as in allowErrors. */
		expectNoErrors(allow?: RegExp) {
			if (allow) allowed.push(allow);
			expect(unexpected()).toEqual([]);
		},
	};
}

/** Runs axe (WCAG 2.2 AA rules) on the page and returns the violations, readable in a diff. */
export async function axeViolations(page: Page) {
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		.analyze();
	return results.violations.map(
		(violation) =>
			`${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
	);
}

/** Matches once the home page's search island has hydrated (the newsletter island may be first). */
export const SEARCH_READY = 'astro-island:not([ssr]) #tool-search';

/**
 * Names of the cards a visitor sees on the home page: a search's matches while its results list
 * is shown, else every card of the whole grid.
 */
export function visibleCardNames(page: Page): Promise<string[]> {
	return page.evaluate(
		({ grid, results, card, name }) => {
			const list = document.getElementById(results);
			const from = list && !list.hidden ? list : document.getElementById(grid);
			return [...(from?.querySelectorAll(`${card} ${name}`) ?? [])].map((n) => n.textContent ?? '');
		},
		{ grid: HOME_GRID_ID, results: RESULTS_ID, card: CARD_SELECTOR, name: CARD_NAME_SELECTOR },
	);
}
