// The whole editorial loop as a visitor and an editor live it: a browser submission, the
// editor CLI, an in-place rebuild of the served site, the submitter's notice and the feed.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { openPage, visibleCardNames } from '../helpers/page.ts';
import { editor, editorEnv } from '../editor/cli.ts';

const baseUrl = inject('baseUrl');
const TOOL = {
	name: 'Editorial Loop Tool',
	url: 'editorial-loop.example.com',
	email: 'loop@example.com',
};
let browser: Browser;
let sql: Sql;
let env: Record<string, string>;
let outbox: string;

describe.runIf(browserAvailable())('from submission to live', () => {
	beforeAll(async () => {
		browser = await launchChromium();
		const dbUrl = inject('dbUrl');
		sql = connectEmbedded(dbUrl);
		outbox = await mkdtemp(path.join(os.tmpdir(), 'contech-loop-outbox-'));
		env = editorEnv(
			{ dataDir: inject('dbDir'), port: new URL(dbUrl).port },
			{
				OUTBOX_DIR: outbox,
				SITE_URL: baseUrl,
				// The rebuild makes the site the tests built: logos from the same stand-in and cache.
				LOGO_URL_TEMPLATE: inject('logos').buildEnv.LOGO_URL_TEMPLATE,
				LOGO_CACHE_DIR: inject('logos').buildEnv.LOGO_CACHE_DIR,
			},
		);
	});
	afterAll(async () => {
		await browser?.close();
		await sql?.end();
	});

	it(
		'a submitted tool goes live after approval, and its submitter hears once',
		{ timeout: 180_000 },
		async () => {
			const visitor = await openPage(browser);
			await visitor.page.goto(`${baseUrl}/newapp/`);
			await visitor.page.waitForFunction(
				() => document.querySelectorAll('astro-island[ssr]').length === 0,
			);
			await visitor.page.getByLabel('Application Name').fill(TOOL.name);
			await visitor.page.getByLabel('Application URL').fill(TOOL.url);
			await visitor.page.getByLabel('Your e-mail (optional)').fill(TOOL.email);
			await visitor.page.getByRole('button', { name: 'Submit' }).click();
			await expect
				// netlify serve loads the function anew for every call: seconds on a busy machine.
				.poll(() => visitor.page.locator('.Toastify__toast').textContent(), { timeout: 15_000 })
				.toBe('Thanks for submitting!');

			const queue = await editor(['pending'], env);
			expect(queue.code).toBe(0);
			const line = queue.stdout.split('\n').find((row) => row.includes(TOOL.name));
			expect(line).toBeDefined();
			const submissionId = line!.split(/\s+/)[0];

			const approved = await editor(
				[
					'approve',
					submissionId,
					'--description',
					'Plans look-ahead schedules with the whole crew.',
					'--category',
					'scheduling',
				],
				env,
			);
			expect(approved.stderr).toBe('');
			expect(approved.code).toBe(0);
			const [tool] = await sql`select id from construction_apps where name = ${TOOL.name}`;
			const toolPath = `/app/${tool.id}/`;
			// Live on the site every later test file reads: taken off again however this test ends.
			onTestFinished(async () => {
				const [still] =
					await sql`select 1 from construction_apps where id = ${tool.id} and status = 'live'`;
				if (still) expect((await editor(['unpublish', String(tool.id)], env)).code).toBe(0);
			}, 240_000);

			const { page, expectNoErrors } = await openPage(browser);
			const response = await page.goto(`${baseUrl}${toolPath}`);
			expect(response?.status()).toBe(200);
			expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TOOL.name);
			expect(await page.getByText('New', { exact: true }).count()).toBeGreaterThan(0);
			await page.goto(`${baseUrl}/?q=editorial%20loop`);
			await expect.poll(() => visibleCardNames(page)).toEqual([TOOL.name]);
			expectNoErrors();

			const mails = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
			expect(mails).toHaveLength(1);
			const mail = await readFile(path.join(outbox, mails[0]), 'utf8');
			expect(mail).toContain(`To: ${TOOL.email}`);
			expect(mail.replace(/=\r?\n/g, '')).toContain(`${baseUrl}${toolPath}`);

			const feed = await (await fetch(`${baseUrl}/rss.xml`)).text();
			expect(feed).toContain(`<title>${TOOL.name}</title>`);
			expect(feed).toContain(`<link>${baseUrl}${toolPath}</link>`);

			// Unpublishing takes it off the site again at the next rebuild.
			expect((await editor(['unpublish', String(tool.id)], env)).code).toBe(0);
			const gone = await fetch(`${baseUrl}${toolPath}`);
			await gone.arrayBuffer();
			expect(gone.status).toBe(404);
		},
	);

	it(
		'an editor records what a connection moves, and the served tool and stack pages show it after the rebuild',
		{ timeout: 300_000 },
		async () => {
			const [sage, heavyBid, procore] = await Promise.all(
				['Sage 300 CRE', 'HCSS HeavyBid', 'Procore'].map(async (name) =>
					Number((await sql`select id from construction_apps where name = ${name}`)[0].id),
				),
			);
			// The link is on the site every later test file reads: unlinked however this test ends.
			onTestFinished(async () => {
				const [low, high] = [Math.min(sage, heavyBid), Math.max(sage, heavyBid)];
				const [linkedStill] =
					await sql`select 1 from tool_integrations where tool_low_id = ${low} and tool_high_id = ${high}`;
				if (linkedStill)
					expect((await editor(['unlink', String(sage), String(heavyBid)], env)).code).toBe(0);
			}, 240_000);
			const linked = await editor(
				[
					'link',
					'Sage 300 CRE',
					'HCSS HeavyBid',
					'--via',
					'file-exchange',
					'--direction',
					'b-to-a',
					'--moves',
					'estimates,cost-codes',
					'--source',
					'https://loop.example.com/heavybid-export',
				],
				env,
			);
			expect(linked.stderr).toBe('');
			expect(linked.code).toBe(0);
			const { page, expectNoErrors } = await openPage(browser);
			await page.goto(`${baseUrl}/app/${sage}/`);
			const item = page.locator('.works-with__item', {
				has: page.getByRole('link', { name: 'HCSS HeavyBid', exact: true }),
			});
			const text = (await item.textContent())!.replace(/\s+/g, ' ');
			expect(text).toContain('From HCSS HeavyBid to Sage 300 CRE');
			expect(text).toContain('cost codes and estimates');
			expect(text).toContain('File export and import');
			const today = new Date().toISOString().slice(0, 10);
			expect(await item.locator('time').getAttribute('datetime')).toBe(today);
			await page.goto(`${baseUrl}/stack/?tools=${procore},${sage},${heavyBid}`);
			await expect
				.poll(() => page.getByRole('heading', { name: /^How they connect/ }).textContent())
				.toBe('How they connect (2)');
			expectNoErrors();
		},
	);
});
