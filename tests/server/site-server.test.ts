// The npm start server on a small built site of its own: content types, compression with Vary,
// netlify.toml's headers, the 404 page with 404, pretty URLs, and releases (record 0013)
// published while visitors ask, as the editor's rebuild publishes them, served without a restart.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readNetlifyToml } from '../../src/server/netlify-toml.ts';
import { currentRelease, listReleases, publishRelease } from '../../src/server/releases.ts';
import { type SiteServer, startSiteServer } from '../../src/server/serve.ts';
import { ServedReleases } from '../../src/server/served.ts';
import { freePort } from '../helpers/free-port.ts';

let root: string;
let releases: string;
let server: SiteServer;
/** A large file no encoding applies to: its download stays open while the client reads slowly. */
const big = randomBytes(48 * 1024 * 1024);

async function writeSite(dir: string, title: string) {
	await mkdir(path.join(dir, 'app/7'), { recursive: true });
	await mkdir(path.join(dir, '_astro'), { recursive: true });
	const page = (body: string) =>
		`<!doctype html><html><head><title>${title}</title></head><body>${body.repeat(200)}</body></html>`;
	await writeFile(path.join(dir, 'index.html'), page(`<p>${title} home</p>`));
	await writeFile(path.join(dir, 'app/7/index.html'), page('<p>tool seven</p>'));
	await writeFile(path.join(dir, '404.html'), page('<h1>Page not found</h1>'));
	await writeFile(path.join(dir, '_astro/site.abc123.js'), 'console.log("x");\n'.repeat(200));
	await writeFile(path.join(dir, 'og-image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-site-server-'));
	releases = path.join(root, 'releases');
	await publishRelease(releases, (dir) => writeSite(dir, 'First build'));
	server = await startSiteServer({
		port: await freePort(),
		releases: await ServedReleases.open(releases),
	});
});
afterAll(async () => {
	await server?.close(1000);
	await rm(root, { recursive: true, force: true });
});

interface Answer {
	status: number;
	headers: { get(name: string): string | null };
	body: Buffer;
}

/** A GET with node:http: the body exactly as sent (fetch would decode it itself). */
function get(route: string, headers: Record<string, string> = {}): Promise<Answer> {
	return new Promise((resolve, reject) => {
		http
			.get(`${server.url}${route}`, { headers }, (response) => {
				const chunks: Buffer[] = [];
				// An answer cut short (fewer bytes than its Content-Length) fails the test at once.
				response.on('error', reject);
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						headers: { get: (name) => (response.headers[name.toLowerCase()] as string) ?? null },
						body: Buffer.concat(chunks),
					}),
				);
			})
			.on('error', reject);
	});
}

function bodyOf(response: Answer): string {
	const encoding = response.headers.get('content-encoding');
	if (encoding === 'br') return brotliDecompressSync(response.body).toString();
	if (encoding === 'gzip') return gunzipSync(response.body).toString();
	return response.body.toString();
}

it('sends pages compressed as the client asks, with Vary and the right type', async () => {
	for (const [accept, encoding] of [
		['gzip, deflate, br', 'br'],
		['gzip', 'gzip'],
		['br;q=0, gzip', 'gzip'],
		['identity', null],
	] as const) {
		const response = await get('/', { 'accept-encoding': accept });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-encoding')).toBe(encoding);
		expect(response.headers.get('vary')).toBe('Accept-Encoding');
		expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
		const text = bodyOf(response);
		expect(text).toContain('First build home');
		expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
		if (encoding) expect(response.body.length).toBeLessThan(text.length / 5);
	}
	const script = await get('/_astro/site.abc123.js', { 'accept-encoding': 'br' });
	expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
	expect(script.headers.get('content-encoding')).toBe('br');
	const image = await get('/og-image.png', { 'accept-encoding': 'br' });
	expect(image.headers.get('content-type')).toBe('image/png');
	expect(image.headers.get('content-encoding')).toBeNull();
});

it('applies netlify.toml’s [[headers]] by path, to pages and the 404 page', async () => {
	const config = readNetlifyToml();
	for (const route of ['/', '/_astro/site.abc123.js', '/no-such-page/']) {
		const response = await get(route);
		for (const [name, value] of Object.entries(config.headersFor(route)))
			expect([name, response.headers.get(name)]).toEqual([name, value]);
	}
	expect((await get('/_astro/site.abc123.js')).headers.get('cache-control')).toContain('immutable');
	expect((await get('/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
});

it('answers a missing page with the 404 page and status 404, and /app/7 with a redirect', async () => {
	const missing = await get('/no-such-page/', { 'accept-encoding': 'gzip' });
	expect(missing.status).toBe(404);
	expect(bodyOf(missing)).toContain('Page not found');
	const bare = await get('/app/7');
	expect(bare.status).toBe(301);
	expect(bare.headers.get('location')).toBe('/app/7/');
	expect((await get('/../../etc/passwd')).status).toBe(404);
});

it('serves each release published while visitors ask, every answer whole, and removes the old ones', async () => {
	// Four visitors keep asking while each release is published (built aside, renamed into
	// place, `current` switched) exactly as the editor's rebuild does; the server removes each
	// old release as soon as the last request reading it has been answered.
	for (let build = 2; build <= 21; build++) {
		let stop = false;
		const answers: string[] = [];
		const visitors = [1, 2, 3, 4].map(async () => {
			while (!stop) {
				const response = await get('/', { 'accept-encoding': 'br' });
				const body = bodyOf(response);
				const title = /<title>([^<]*)</.exec(body)?.[1];
				// Whole: the page's title and its text come from the same build.
				answers.push(
					`${response.status} ${title}${body.includes(`${title} home`) ? '' : ' (mixed)'}`,
				);
			}
		});
		await new Promise((resolve) => setTimeout(resolve, 10));
		await publishRelease(releases, (dir) => writeSite(dir, `Build ${build}`));
		await new Promise((resolve) => setTimeout(resolve, 20));
		stop = true;
		await Promise.all(visitors);
		expect(answers.length).toBeGreaterThan(0);
		const previous = build === 2 ? 'First build' : `Build ${build - 1}`;
		const expected = new Set([`200 ${previous}`, `200 Build ${build}`]);
		expect([build, answers.filter((answer) => !expected.has(answer))]).toEqual([build, []]);
		expect(bodyOf(await get('/', { 'accept-encoding': 'br' }))).toContain(`Build ${build} home`);
	}
	await expect.poll(() => listReleases(releases)).toEqual([currentRelease(releases)]);
});

it('keeps a release while a slow download still reads it, and removes it once that is done', async () => {
	await publishRelease(releases, async (dir) => {
		await writeSite(dir, 'With a big file');
		await writeFile(path.join(dir, 'big.bin'), big);
	});
	const old = currentRelease(releases)!;
	let resume!: () => void;
	const download = new Promise<Buffer>((resolve, reject) => {
		http
			.get(`${server.url}/big.bin`, (response) => {
				const chunks: Buffer[] = [];
				response.on('error', reject);
				response.once('data', () => {
					response.pause();
					resume = () => response.resume();
				});
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(Buffer.concat(chunks)));
			})
			.on('error', reject);
	});
	await expect.poll(() => resume).toBeDefined();
	await publishRelease(releases, (dir) => writeSite(dir, 'After the big file'));
	// The next visitor is answered from the new release; the old one stays for the download.
	expect(bodyOf(await get('/'))).toContain('After the big file home');
	await new Promise((resolve) => setTimeout(resolve, 200));
	expect(existsSync(old)).toBe(true);
	resume();
	const body = await download;
	expect(createHash('sha256').update(body).digest('hex')).toBe(
		createHash('sha256').update(big).digest('hex'),
	);
	await expect.poll(() => existsSync(old)).toBe(false);
	expect(listReleases(releases)).toEqual([currentRelease(releases)]);
});

it('answers the functions from netlify/functions/, and an unknown one with 404', async () => {
	const refused = await get('/.netlify/functions/subscribe');
	expect(refused.status).toBe(405);
	expect(refused.headers.get('allow')).toBe('POST');
	expect((await get('/.netlify/functions/nothing-here')).status).toBe(404);
});
