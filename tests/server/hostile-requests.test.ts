// npm start's server against requests an attacker sends (record 0027): a Host it does not
// serve (DNS rebinding) is refused before anything, functions included; a last path segment
// longer than any file name is a 404, not a 500; a malformed Range is ignored (200, the whole
// file); /embed/ pages are not sent X-Frame-Options DENY beside the policy that lets others
// frame them, here and in netlify.toml.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readNetlifyToml } from '../../src/server/netlify-toml.ts';
import { publishRelease } from '../../src/server/releases.ts';
import { type SiteServer, startSiteServer } from '../../src/server/serve.ts';
import { ServedReleases } from '../../src/server/served.ts';
import { freePort } from '../helpers/free-port.ts';

let root: string;
let server: SiteServer;
const file = 'x'.repeat(5000);

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-hostile-'));
	const releases = path.join(root, 'releases');
	await publishRelease(releases, async (dir) => {
		await mkdir(path.join(dir, 'embed/landscape'), { recursive: true });
		await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
		await writeFile(
			path.join(dir, 'embed/landscape/index.html'),
			'<!doctype html><title>Map</title>',
		);
		await writeFile(path.join(dir, '404.html'), '<!doctype html><h1>Page not found</h1>');
		await writeFile(path.join(dir, 'data.txt'), file);
	});
	server = await startSiteServer({
		port: await freePort(),
		releases: await ServedReleases.open(releases),
		allowedHosts: ['directory.lan'],
	});
});
afterAll(async () => {
	await server?.close(1000);
	await rm(root, { recursive: true, force: true });
});

interface Answer {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

function request(route: string, headers: Record<string, string> = {}, method = 'GET') {
	return new Promise<Answer>((resolve, reject) => {
		const req = http.request(`${server.url}${route}`, { method, headers }, (response) => {
			let body = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (body += chunk));
			response.on('end', () =>
				resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
			);
		});
		req.on('error', reject);
		req.end(method === 'POST' ? '{"email":"a@example.com"}' : undefined);
	});
}

it('answers only the hosts it serves: its own, localhost, 127.0.0.1 and those the operator lists', async () => {
	const port = new URL(server.url).port;
	for (const host of [
		`localhost:${port}`,
		`127.0.0.1:${port}`,
		`directory.lan:${port}`,
		'DIRECTORY.LAN.',
	])
		expect((await request('/', { host })).status, host).toBe(200);
	for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.nip.io:${port}`]) {
		const page = await request('/', { host });
		expect(page.status, host).toBe(421);
		expect(page.body).not.toContain('Home');
		// A rebinding page's post to a function, with a matching Origin, never reaches it.
		const post = await request(
			'/.netlify/functions/subscribe',
			{ host, origin: `http://${host}`, 'content-type': 'application/json' },
			'POST',
		);
		expect(post.status, host).toBe(421);
	}
});

it('answers a path segment longer than any file name with the 404 page, not a 500', async () => {
	for (const segment of ['a'.repeat(256), 'é'.repeat(200), `${'b'.repeat(300)}.html`]) {
		const page = await request(`/${encodeURIComponent(segment)}`);
		expect(page.status).toBe(404);
		expect(page.body).toContain('Page not found');
		expect((await request(`/embed/${encodeURIComponent(segment)}/`)).status).toBe(404);
	}
	expect((await request(`/${'a'.repeat(255)}`)).status).toBe(404);
});

it('ignores a malformed Range (200 with the whole file) and honours a good one (206)', async () => {
	for (const range of ['bytes=abc', 'bytes=', 'bytes=-', 'bytes=5-3x', 'items=0-1', 'bytes=0-1;']) {
		const answer = await request('/data.txt', { range, 'accept-encoding': 'identity' });
		expect(answer.status, range).toBe(200);
		expect(answer.body.length, range).toBe(file.length);
	}
	const part = await request('/data.txt', { range: 'bytes=0-9', 'accept-encoding': 'identity' });
	expect(part.status).toBe(206);
	expect(part.body).toBe('x'.repeat(10));
});

it('sends /embed/ pages no X-Frame-Options beside frame-ancestors *, on npm start and in netlify.toml', async () => {
	const embed = await request('/embed/landscape/');
	expect(embed.status).toBe(200);
	expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
	expect(embed.headers['x-frame-options']).toBeUndefined();
	const home = await request('/');
	expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
	const config = readNetlifyToml();
	expect(config.headersFor('/embed/landscape/')['X-Frame-Options']).toBeUndefined();
	expect(config.headersFor('/embed/landscape/')['Content-Security-Policy']).toContain(
		'frame-ancestors *',
	);
	for (const route of ['/', '/app/1/', '/landscape/'])
		expect(config.headersFor(route)['Content-Security-Policy']).toContain("frame-ancestors 'none'");
});
