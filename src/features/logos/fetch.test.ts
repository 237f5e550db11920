import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/helpers/free-port.ts';
import { type LogoServer, pngLogo, startLogoServer } from '../../../tests/helpers/logo-server.ts';
import { LogoCache } from './cache.server.ts';
import { fetchLogos, LOGO_TTL_MS } from './fetch.server.ts';

let dir: string;
let server: LogoServer | undefined;
beforeEach(async () => {
	dir = await mkdtemp(path.join(os.tmpdir(), 'logo-cache-test-'));
});
afterEach(async () => {
	await server?.close();
	server = undefined;
	await rm(dir, { recursive: true, force: true });
});

/** The test's logo server listens on loopback, which only tests may reach (record 0027). */
const LOOPBACK = { allowLoopback: true };
const source = (template: string, host: string) => template.replace('{host}', host);
const requests = () => [...server!.hits.values()].reduce((sum, n) => sum + n, 0);

/**
 * A server that answers its first `answerFirst` requests with a PNG at once, then holds every
 * request open (or answers after `delayMs`), counting those in flight.
 */
async function slowServer({
	delayMs,
	answerFirst = 0,
}: {
	delayMs?: number;
	answerFirst?: number;
}) {
	const png = await pngLogo(32, '#f47e42');
	let answered = 0;
	let inFlight = 0;
	let most = 0;
	const slow = http.createServer((_, response) => {
		if (answered++ < answerFirst) return void response.end(png);
		most = Math.max(most, ++inFlight);
		if (delayMs !== undefined)
			setTimeout(() => {
				inFlight--;
				response.end(png);
			}, delayMs);
	});
	await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
	const { port } = slow.address() as AddressInfo;
	return {
		template: `http://127.0.0.1:${port}/{host}.ico`,
		most: () => most,
		close: () =>
			new Promise<void>((resolve) => {
				slow.closeAllConnections();
				slow.close(() => resolve());
			}),
	};
}

describe('fetching logos at build time', () => {
	it('asks once: a second build with the same cache makes no request and gets the same files', async () => {
		server = await startLogoServer(
			new Map([
				['/procore.com.ico', await pngLogo(64, '#f47e42')],
				['/fieldwire.com.ico', await pngLogo(64, '#3aa0ff')],
			]),
		);
		const sources = ['procore.com', 'fieldwire.com', 'nologo.example.com'].map((host) =>
			source(server!.template, host),
		);
		const first = await fetchLogos(sources, { policy: LOOPBACK, cache: await LogoCache.open(dir) });
		expect(first.report).toMatchObject({ fetched: 2, missing: 1, cached: 0 });
		expect(requests()).toBe(3);
		const files = await readdir(path.join(dir, 'files'));
		expect(files.sort()).toHaveLength(4);

		const second = await fetchLogos(sources, {
			policy: LOOPBACK,
			cache: await LogoCache.open(dir),
		});
		expect(second.report).toMatchObject({ fetched: 0, missing: 0, cached: 3 });
		expect(requests()).toBe(3);
		expect(second.logos).toEqual(first.logos);
		expect(second.logos.get(sources[2])).toBeNull();
		for (const name of [...first.logos.values()].filter(Boolean))
			expect(existsSync(path.join(dir, 'files', `${name}-50.webp`))).toBe(true);
	});

	it('requests no logo from this machine or its network, redirected there or not (record 0027)', async () => {
		server = await startLogoServer(new Map([['/procore.com.ico', await pngLogo(64, '#f47e42')]]));
		const direct = source(server.template, 'procore.com');
		const { report } = await fetchLogos([direct], { cache: await LogoCache.open(dir) });
		expect(report).toMatchObject({ fetched: 0, unreachable: 1 });
		expect(requests()).toBe(0);
		// A service that redirects to a private address: the redirect is not followed.
		const redirecting = http.createServer((_, response) =>
			response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
		);
		await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
		const redirected = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/x.ico`;
		const answer = await fetchLogos([redirected], { policy: LOOPBACK, cache: await LogoCache.open(dir) }); // prettier-ignore
		expect(answer.report).toMatchObject({ fetched: 0, unreachable: 1 });
		await new Promise((resolve) => redirecting.close(resolve));
	});

	it('keeps a negative answer until it expires, then asks again', async () => {
		server = await startLogoServer(new Map());
		const sources = [source(server.template, 'nologo.example.com')];
		let now = Date.parse('2026-01-01T00:00:00Z');
		const run = async () =>
			(
				await fetchLogos(sources, {
					policy: LOOPBACK,
					cache: await LogoCache.open(dir),
					now: () => now,
				})
			).report;
		expect(await run()).toMatchObject({ missing: 1 });
		now += LOGO_TTL_MS.missing - 1000;
		expect(await run()).toMatchObject({ cached: 1, missing: 0 });
		now += 2000;
		expect(await run()).toMatchObject({ cached: 0, missing: 1 });
		expect(requests()).toBe(2);
	});

	it('stops asking a service that does not answer: a handful of requests for a thousand tools', async () => {
		const template = `http://127.0.0.1:${await freePort()}/{host}.ico`;
		const sources = Array.from({ length: 1000 }, (_, i) =>
			source(template, `tool${i}.example.com`),
		);
		const started = performance.now();
		const { logos, report } = await fetchLogos(sources, {
			policy: LOOPBACK,
			cache: await LogoCache.open(dir),
		});
		expect(performance.now() - started).toBeLessThan(3000);
		expect(report.unreachable).toBeGreaterThanOrEqual(8);
		expect(report.unreachable).toBeLessThanOrEqual(16);
		expect(report.skipped).toBe(1000 - report.unreachable);
		expect([...logos.values()].every((name) => name === null)).toBe(true);
		// Those asked are not asked again within the hour; the others are, on the next build.
		const again = await fetchLogos(sources, { policy: LOOPBACK, cache: await LogoCache.open(dir) });
		expect(again.report.cached).toBe(report.unreachable);
	});

	it('gives up on a stalled request after the timeout and keeps the logo it had', async () => {
		const flaky = await slowServer({ answerFirst: 1 });
		const sources = [source(flaky.template, 'procore.com')];
		let now = Date.parse('2026-01-01T00:00:00Z');
		const run = async () =>
			fetchLogos(sources, {
				policy: LOOPBACK,
				cache: await LogoCache.open(dir),
				now: () => now,
				timeoutMs: 300,
			});
		const name = (await run()).logos.get(sources[0]);
		expect(name).toMatch(/^[0-9a-f]{12}$/);
		// A month later the entry has expired and the service hangs: the old logo stays.
		now += LOGO_TTL_MS.found + 1000;
		const started = performance.now();
		const later = await run();
		expect(performance.now() - started).toBeLessThan(2000);
		expect(later.report).toMatchObject({ unreachable: 1 });
		expect(later.logos.get(sources[0])).toBe(name);
		await flaky.close();
	});

	it('has at most `concurrency` requests in flight', async () => {
		const slow = await slowServer({ delayMs: 40 });
		const sources = Array.from({ length: 24 }, (_, i) =>
			source(slow.template, `t${i}.example.com`),
		);
		const { report } = await fetchLogos(sources, {
			policy: LOOPBACK,
			cache: await LogoCache.open(dir),
			concurrency: 3,
		});
		expect(report.fetched).toBe(24);
		expect(slow.most()).toBe(3);
		await slow.close();
	});

	it('takes a 404, a body that is no image and one over the size limit as "no logo", a 503 as "no answer"', async () => {
		server = await startLogoServer(
			new Map([
				['/text.example.com.ico', Buffer.from('<html>hello</html>')],
				['/big.example.com.ico', Buffer.alloc(600 * 1024)],
			]),
		);
		const sources = ['text.example.com', 'big.example.com', 'none.example.com'].map((host) =>
			source(server!.template, host),
		);
		const { report } = await fetchLogos(sources, {
			policy: LOOPBACK,
			cache: await LogoCache.open(dir),
		});
		expect(report).toMatchObject({ missing: 3, fetched: 0, unreachable: 0 });

		const failing = http.createServer((_, response) => response.writeHead(503).end());
		await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
		const down = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/x.ico`;
		const now = Date.now();
		const cache = await LogoCache.open(dir);
		const answer = await fetchLogos([down], { policy: LOOPBACK, cache, now: () => now });
		expect(answer.report).toMatchObject({ unreachable: 1 });
		expect(cache.get(down)?.expiresAt).toBe(now + LOGO_TTL_MS.unreachable);
		await new Promise((resolve) => failing.close(resolve));
	});

	it('starts no request once its time budget is spent', async () => {
		server = await startLogoServer(new Map());
		const sources = ['a', 'b', 'c'].map((host) => source(server!.template, `${host}.example.com`));
		let now = 0;
		const { report } = await fetchLogos(sources, {
			policy: LOOPBACK,
			cache: await LogoCache.open(dir),
			concurrency: 1,
			budgetMs: 10,
			now: () => (now += 6),
		});
		expect(report.missing + report.skipped).toBe(3);
		expect(report.skipped).toBeGreaterThan(0);
		expect(requests()).toBe(report.missing);
	});
});
