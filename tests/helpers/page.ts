import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
	HOME_GRID_ID,
	RESULTS_ID,
} from '../../src/features/search/grid-markup.ts';

/**
 * A new page that fails the test on any unexpected console error or page error. Logo
 * requests are refused, as they are offline: the site must cope with that.
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
		/** Console errors not yet accounted for; pass `allow` for ones a test provokes on purpose. */
		expectNoErrors(allow?: RegExp) {
			expect(errors.filter((error) => !(allow && allow.test(error)))).toEqual([]);
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
