import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';

/**
 * A new page that fails the test on any console error or page error: checked when the test
 * finishes, for every page every browser test opens (this is the one place that decides).
 * Logo requests are refused, as they are offline: the site must cope with that. A test that
 * provokes an error on purpose says which with `allowErrors`.
 */
export async function openPage(
	browser: Browser,
	options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
) {
	const context = await browser.newContext({
		viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
		javaScriptEnabled: options.javaScriptEnabled ?? true,
	});
	const page = await context.newPage();
	const errors: string[] = [];
	const allowed: RegExp[] = [];
	const unexpected = () => errors.filter((error) => !allowed.some((allow) => allow.test(error)));
	onTestFinished(() => {
		expect(unexpected(), 'console or page errors in the browser').toEqual([]);
	});
	const logoHost = 'icons.duckduckgo.com';
	await page.route(`https://${logoHost}/**`, (route) => route.abort('internetdisconnected'));
	page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
	page.on('console', (message) => {
		if (message.type() !== 'error') return;
		const source = message.location().url ?? '';
		if (source.includes(logoHost)) return;
		if (message.text().includes('Failed to load resource') && source.includes(logoHost)) return;
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
		close: () => context.close(),
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

/** Names of the cards currently shown in the home grid (its first page, see GRID_PAGE_SIZE). */
export function visibleCardNames(page: Page): Promise<string[]> {
	return page.$$eval('#tool-grid > li:not([hidden]) .card__name', (names) =>
		names.map((name) => name.textContent ?? ''),
	);
}
