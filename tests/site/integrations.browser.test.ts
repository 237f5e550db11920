// The integration pages in Debian's Chromium: readable and usable with JavaScript off, a map
// node opens the tool's page, and axe finds nothing at phone and desktop widths.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { axeViolations, openPage } from '../helpers/page.ts';

const baseUrl = inject('baseUrl');
const fixtures = inject('fixtureTools');
let browser: Browser;
let hubId: number;

describe.runIf(browserAvailable())('integration pages in a browser', () => {
	beforeAll(async () => {
		const sql = connectEmbedded(inject('dbUrl'));
		const [row] =
			await sql`select id from construction_apps where name = ${fixtures.integrations.hub}`;
		hubId = Number(row.id);
		await sql.end();
		browser = await launchChromium();
	});
	afterAll(() => browser?.close());

	it('the header leads to the map, and a map node opens the tool page, with JavaScript off', async () => {
		const { page, expectNoErrors } = await openPage(browser, { javaScriptEnabled: false });
		await page.goto(`${baseUrl}/`);
		await page.getByRole('link', { name: 'Integration map' }).click();
		await expect.poll(() => new URL(page.url()).pathname).toBe('/integrations/');
		const node = page.getByRole('link', {
			name: new RegExp(`^${fixtures.integrations.hub}: works with \\d+$`),
		});
		await node.click();
		await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/${hubId}/`);
		await expect
			.poll(() => page.getByRole('heading', { name: 'Works with' }).isVisible())
			.toBe(true);
		expectNoErrors();
	});

	it('skips from the map to the ranked list by keyboard', async () => {
		const { page } = await openPage(browser);
		await page.goto(`${baseUrl}/integrations/`);
		await page.getByRole('link', { name: /Skip the map/ }).press('Enter');
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hubs-heading');
	});

	for (const width of [375, 1280]) {
		it(`has no axe violations at ${width} px on the map, a hub page and a tool page`, async () => {
			const { page, expectNoErrors } = await openPage(browser, { width });
			for (const route of ['/integrations/', `/integrations/${hubId}/`, `/app/${hubId}/`]) {
				await page.goto(`${baseUrl}${route}`);
				expect({ route, violations: await axeViolations(page) }).toEqual({ route, violations: [] });
				// Nothing wider than the screen.
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
					width,
				);
			}
			expectNoErrors();
		});
	}
});
