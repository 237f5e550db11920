// check-links follows redirects hop by hop through the outbound guard (record 0027): no hop to a
// private, metadata or rebound address is requested, and a public name that resolves to this
// machine is refused at the first hop unless the tests' allowance says otherwise.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLink } from './check-link.server.ts';

describe('checkLink through the outbound guard', () => {
	let server: http.Server;
	let port: number;
	beforeAll(async () => {
		server = http.createServer((request, response) => {
			if (request.url === '/to-private') response.writeHead(302, { location: 'http://10.0.0.1/' });
			else if (request.url === '/to-metadata')
				response.writeHead(301, {
					location: 'http://metadata.google.internal/computeMetadata/v1/',
				});
			else response.writeHead(200, { 'content-type': 'text/plain' });
			response.end('ok');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
		// Public-looking names that resolve to this machine: the test server under the loopback
		// allowance (an IP literal is no address to check, record 0030), and DNS rebinding.
		const lookup = dns.lookup;
		vi.spyOn(dns, 'lookup').mockImplementation(((
			hostname: string,
			options: unknown,
			callback: (...args: unknown[]) => void,
		) => {
			if (hostname !== 'rebound.example.com' && hostname !== 'loop.example.com')
				return (lookup as (...args: unknown[]) => void)(hostname, options, callback);
			process.nextTick(() => callback(null, [{ address: '127.0.0.1', family: 4 }]));
		}) as never);
	});
	afterAll(() => {
		vi.restoreAllMocks();
		server?.close();
	});

	it('follows no redirect to a private, metadata or rebound address (check-links)', async () => {
		const options = { timeoutMs: 2000, userAgent: 'test', policy: { allowLoopback: true } };
		const toPrivate = await checkLink(`http://loop.example.com:${port}/to-private`, options);
		expect(toPrivate).toMatchObject({
			status: 'broken',
			httpStatus: null,
			finalUrl: 'http://10.0.0.1/',
		});
		expect(toPrivate.detail).toMatch(/^refused: 10\.0\.0\.1/);
		const toMetadata = await checkLink(`http://loop.example.com:${port}/to-metadata`, options);
		expect(toMetadata.detail).toMatch(/^refused: metadata\.google\.internal/);
		// Without the allowance, a public name rebound to loopback is refused at the first hop.
		const rebound = await checkLink(`http://rebound.example.com:${port}/`, {
			timeoutMs: 2000,
			userAgent: 'test',
		});
		expect(rebound).toMatchObject({ status: 'broken', httpStatus: null });
		expect(rebound.detail).toMatch(/resolves to 127\.0\.0\.1/);
	});
});
