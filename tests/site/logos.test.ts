// Logos fetched once at build time from a stand-in logo service (global-setup), stored small and
// served by the site itself: no page sends its visitor's browser to another host for an image.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { distDir, distFiles, readPage } from '../helpers/dist.ts';

const baseUrl = inject('baseUrl');
const logos = inject('logos');
const fixtures = inject('fixtureTools');

/** The stand-in service's request count so far. */
async function logoRequests(): Promise<number> {
	const hits = (await (await fetch(`${logos.serverUrl}/__hits`)).json()) as Record<string, number>;
	return Object.values(hits).reduce((sum, n) => sum + n, 0);
}

/** Every image address a page holds, those inside <noscript> included (the deferred logos). */
function imageAddresses(html: string): string[] {
	const page = parse(html);
	const inside = page.querySelectorAll('noscript').map((n) => parse(n.text));
	return [page, ...inside].flatMap((root) =>
		root.querySelectorAll('img').flatMap((img) => [
			img.getAttribute('src') ?? '',
			...(img.getAttribute('srcset') ?? '')
				.split(',')
				.map((candidate) => candidate.trim().split(/\s+/)[0])
				.filter(Boolean),
		]),
	);
}

/** The tool page of the live tool named `name`, found through the home grid's links. */
async function toolPage(name: string) {
	const home = await readPage('/');
	const link = home
		.querySelectorAll('.card__link')
		.find((a) => a.querySelector('.card__name')?.text === name);
	return readPage(link!.getAttribute('href')!);
}

describe('logos served by the site itself', () => {
	it('no page references an image on another host, and the CSP allows images from the site alone', async () => {
		const pages = (await distFiles()).filter((file) => file.endsWith('.html'));
		expect(pages.length).toBeGreaterThan(100);
		let logoImages = 0;
		for (const file of pages) {
			const html = await readFile(path.join(distDir, file), 'utf8');
			for (const address of imageAddresses(html)) {
				expect(new URL(address, baseUrl).origin, `${file}: ${address}`).toBe(baseUrl);
				if (address.startsWith('/logos/')) logoImages++;
			}
			expect(html, file).not.toContain(logos.serverUrl);
			expect(html, file).not.toContain('duckduckgo');
			const csp = parse(html)
				.querySelector('meta[http-equiv="content-security-policy"]')
				?.getAttribute('content');
			if (csp) expect(csp, file).toMatch(/(^|;\s*)img-src 'self'(;|$)/);
		}
		expect(logoImages).toBeGreaterThan(0);
		const styles = (await distFiles()).filter((file) => file.endsWith('.css'));
		for (const file of styles)
			expect(await readFile(path.join(distDir, file), 'utf8'), file).not.toMatch(
				/url\(\s*['"]?https?:/,
			);
	});

	it('serves each fetched logo as 50 and 100 px WebP files with a year of immutable caching', async () => {
		const page = await toolPage('Procore');
		const img = page.querySelector('.tool__header .logo img')!;
		expect(img.getAttribute('loading')).toBe('eager');
		expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['96', '96']);
		const large = img.getAttribute('src')!;
		expect(large).toMatch(/^\/logos\/[0-9a-f]{12}-100\.webp$/);
		for (const [address, size] of [
			[large, 100],
			[large.replace('-100.webp', '-50.webp'), 50],
		] as const) {
			const response = await fetch(`${baseUrl}${address}`);
			expect(response.status, address).toBe(200);
			expect(response.headers.get('content-type')).toBe('image/webp');
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
			const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
			expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
		}
		// The three formats the stand-in sends (PNG, ICO of PNGs, ICO of a bitmap) all became logos.
		for (const name of ['Procore', fixtures.special[0], fixtures.special[1]])
			expect((await toolPage(name)).querySelector('.tool__header .logo img'), name).not.toBeNull();
	});

	it('shows the monogram alone where the service had no logo', async () => {
		const page = await toolPage(fixtures.special[2]);
		const box = page.querySelector('.tool__header .logo')!;
		expect(box.getAttribute('data-monogram')).toBe('DS');
		expect(box.querySelector('img')).toBeNull();
		expect(box.classList.contains('logo--large')).toBe(true);
	});

	it('fetched each logo once: the first build asked for each host, a second build asks nothing', async () => {
		// The first build (global-setup) started from an empty cache: it asked for every host.
		const first =
			/\[logos\] 6 of (\d+) hosts have a logo \(0 from the cache, 6 fetched, (\d+) without one, 0 unanswered, 0 not asked\)/.exec(
				inject('buildLog'),
			);
		expect(first, inject('buildLog')).not.toBeNull();
		expect(Number(first![2])).toBe(Number(first![1]) - 6);
		// Another test's rebuild (an editor's approval) may have asked for its new tool since.
		const before = await logoRequests();
		expect(before).toBeGreaterThanOrEqual(Number(first![1]));

		// Inside the project, as every build's output is (Astro keeps its prerender chunks there).
		await mkdir('.data', { recursive: true });
		const work = await mkdtemp(path.join('.data', 'site-tests-rebuild-'));
		try {
			const log = await astroBuild({ ...logos.buildEnv, ASTRO_OUT_DIR: path.join(work, 'dist') });
			const second =
				/\[logos\] (\d+) of (\d+) hosts have a logo \((\d+) from the cache, 0 fetched, 0 without one, 0 unanswered, 0 not asked\)/.exec(
					log,
				);
			expect(second, log).not.toBeNull();
			expect(second![3]).toBe(second![2]);
			expect(await logoRequests()).toBe(before);
			const files = (await readdir(path.join(work, 'dist', 'logos'))).sort();
			expect(files).toHaveLength(Number(second![1]) * 2);
			expect(files).toEqual((await readdir(path.join(distDir, 'logos'))).sort());
		} finally {
			await rm(work, { recursive: true, force: true });
		}
	}, 300_000);
});

function astroBuild(env: Record<string, string>): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[path.resolve('node_modules/astro/bin/astro.mjs'), 'build'],
			{
				env,
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.once('error', reject);
		child.once('exit', (code) =>
			code === 0
				? resolve(output)
				: reject(new Error(`astro build exited with ${code}:\n${output}`)),
		);
	});
}
