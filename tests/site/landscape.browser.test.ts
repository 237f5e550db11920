// The market map in Debian's Chromium: whole and usable with JavaScript off, the address's
// filters fading what does not match with it on, and axe at phone and desktop widths.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
/** The other pages of record 0023, checked with axe here. */
const NEW_PAGES = ['/embed/landscape/', '/stats/', '/data/', '/changes/'];
let browser: Browser;

describe.runIf(browserAvailable())('the market map in a browser', () => {
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(() => browser?.close());

	it('shows every tile without JavaScript, and a filter link opens its list', async () => {
		const { page, expectNoErrors } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/`);
		await page.getByRole('banner').getByRole('link', { name: 'Market map' }).click();
		await expect.poll(() => new URL(page.url()).pathname).toBe('/landscape/');
		const tiles = page.locator('#landscape li[data-id]');
		const count = await tiles.count();
		expect(count).toBeGreaterThan(100);
		expect(await page.locator('#landscape li[data-off]').count()).toBe(0);
		// Without JavaScript the address's filters change nothing: every tile still shows.
		await page.goto(`${baseUrl}/landscape/?platform=android`);
		expect(await page.locator('#landscape li[data-off]').count()).toBe(0);
		await page.getByText('Filter the map').click();
		await page
			.getByRole('group', { name: 'Platform' })
			.getByRole('link', { name: /Android/ })
			.click();
		await expect.poll(() => new URL(page.url()).pathname).toBe('/platform/android/');
		expectNoErrors();
	});

	it('fades the tiles a filter in the address does not keep, and counts the tools kept', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/landscape/?platform=android`);
		const status = page.locator('#landscape-status');
		await expect.poll(() => status.textContent()).toMatch(/^\d+ of \d+ tools match the filters\.$/);
		const [kept, total] = (await status.textContent())!.match(/\d+/g)!.map(Number);
		expect(kept).toBeGreaterThan(0);
		expect(kept).toBeLessThan(total);
		const keptIds = await page
			.locator('#landscape li[data-id]:not([data-off])')
			.evaluateAll((items) => [...new Set(items.map((li) => (li as HTMLElement).dataset.id))]);
		expect(keptIds).toHaveLength(kept);
		// Every kept tile documents Android; a faded one is out of the tab order.
		const kinds = await page
			.locator('#landscape li[data-id]')
			.evaluateAll((items) =>
				items.map((li) => [
					(li as HTMLElement).dataset.f?.split(' ').includes('platform:android') ?? false,
					li.hasAttribute('data-off'),
					(li as HTMLElement).inert,
				]),
			);
		for (const [android, off, inert] of kinds) {
			expect(off).toBe(!android);
			expect(inert).toBe(!android);
		}
		// A filter link toggles the address in place; pressing it again clears it.
		await page.getByText('Filter the map').click();
		const android = page
			.getByRole('group', { name: 'Platform' })
			.getByRole('link', { name: /Android/ });
		await expect.poll(() => android.getAttribute('aria-current')).toBe('true');
		await android.click();
		await expect.poll(() => page.url()).toBe(`${baseUrl}/landscape/`);
		await expect.poll(() => status.textContent()).toBe(`${total} tools.`);
		expect(await page.locator('#landscape li[data-off]').count()).toBe(0);
		await page.goBack();
		await expect.poll(() => status.textContent()).toContain(`${kept} of ${total}`);
		expectNoErrors();
	});

	it('draws the logos of every category in the first view, with no scroll', async () => {
		// The browser may draw the lists in view, and send their one "now drawn" event, before
		// the map's inline module script listens (CI saw it once): the script also reveals the
		// lists already drawn when it starts.
		const { page, expectNoErrors } = await openPage(browser, { height: 2400 });
		await page.goto(`${baseUrl}/landscape/`);
		// Estimating, in the first view of a tall window, has tools with a logo in the test build.
		const first = page.locator('#landscape [aria-labelledby="lc-estimating"]');
		expect(await first.boundingBox().then((box) => box!.y + box!.height)).toBeLessThan(2400);
		await expect.poll(() => first.locator('.logo > img').count()).toBeGreaterThan(0);
		expect(await first.locator('.logo > noscript').count()).toBe(0);
		expectNoErrors();
	});

	it('draws the logos of the categories in view from their deferred markup', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/landscape/`);
		// Estimating, near the top, has tools with a logo in the test build.
		const estimating = page.locator('#landscape [aria-labelledby="lc-estimating"]');
		await estimating.scrollIntoViewIfNeeded();
		await expect.poll(() => estimating.locator('.logo > img').count()).toBeGreaterThan(0);
		expect(await estimating.locator('.logo > noscript').count()).toBe(0);
		expectNoErrors();
	});

	it('narrows to the tools that work with a chosen tool', async () => {
		const { page, expectNoErrors } = await openPage(browser);
		await page.goto(`${baseUrl}/landscape/`);
		await page.getByText('Filter the map').click();
		const hub = page.getByRole('group', { name: 'Works with' }).getByRole('link').first();
		const key = await hub.getAttribute('data-value');
		await hub.click();
		await expect.poll(() => new URL(page.url()).searchParams.get('works_with')).toBe(key);
		const partners = await page
			.locator(`option[data-key="${key}"]`)
			.evaluate((option) => (option as HTMLElement).dataset.partners!.split(' '));
		const kept = await page
			.locator('#landscape li[data-id]:not([data-off])')
			.evaluateAll((items) => [...new Set(items.map((li) => (li as HTMLElement).dataset.id!))]);
		expect(kept.sort()).toEqual([...partners].sort());
		expectNoErrors();
	});

	it('lets another site frame the embeddable map, and no other page', async () => {
		const { page, allowErrors } = await openPage(browser);
		allowErrors(/Refused to (display|frame)|frame-ancestors|X-Frame-Options/);
		// Another site, served from this machine (a page the test fulfilled itself would count as
		// public, and Chromium keeps public pages from framing loopback ones at all).
		const blog = http.createServer((_, response) => {
			response.setHeader('Content-Type', 'text/html');
			response.end(`<!doctype html><title>A blog</title>
				<iframe name="embed" src="${baseUrl}/embed/landscape/estimating/"></iframe>
				<iframe name="page" src="${baseUrl}/landscape/"></iframe>`);
		});
		await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
		try {
			await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/`);
			const embed = page.frame({ name: 'embed' })!;
			await expect
				.poll(() =>
					embed
						.locator('#landscape li[data-id]')
						.count()
						.catch(() => 0),
				)
				.toBeGreaterThan(0);
			expect(await embed.locator('#landscape a').first().getAttribute('target')).toBe('_top');
			// The map page itself refuses to be framed: its frame never holds the page.
			await page.waitForTimeout(500);
			const framed = page.frame({ name: 'page' });
			expect(
				await framed
					?.locator('#landscape')
					.count()
					.catch(() => 0),
			).toBe(0);
		} finally {
			blog.close();
		}
	});

	it('has no axe violations on the embeddable map, the stats and the open data pages', async () => {
		for (const width of [375, 1280]) {
			const { page, expectNoErrors } = await openPage(browser, { width });
			for (const route of NEW_PAGES) {
				await page.goto(`${baseUrl}${route}`);
				expect({ route, violations: await axeViolations(page) }).toEqual({ route, violations: [] });
				expect(
					await page.evaluate(() => document.documentElement.scrollWidth),
					route,
				).toBeLessThanOrEqual(width);
				if (process.env.LANDSCAPE_SCREENSHOTS)
					await page.screenshot({
						path: `.data/tmp/${route.replaceAll('/', '_')}-${width}.png`,
						fullPage: true,
					});
			}
			expectNoErrors();
		}
	});

	for (const width of [320, 375, 1280, 1920]) {
		it(`fits ${width} px, with no axe violations (also with a filter on)`, async () => {
			const { page, expectNoErrors } = await openPage(browser, { width });
			for (const route of ['/landscape/', '/landscape/?platform=android']) {
				await page.goto(`${baseUrl}${route}`);
				await expect.poll(() => page.locator('#landscape-status').textContent()).toMatch(/tools/);
				if (width === 375 || width === 1280)
					expect({ route, violations: await axeViolations(page) }).toEqual({
						route,
						violations: [],
					});
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
					width,
				);
				if (process.env.LANDSCAPE_SCREENSHOTS)
					await page.screenshot({
						path: `.data/tmp/landscape-${width}${route.includes('?') ? '-f' : ''}.png`,
					});
			}
			expectNoErrors();
		});
	}
});
