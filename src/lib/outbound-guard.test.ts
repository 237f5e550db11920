// Addresses the site did not choose are never requested on this machine, its network or a
// cloud's metadata service (record 0027): refused by the name's shape, then by every address
// the name resolves to, checked in the connection's own lookup; a redirect is checked again.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardedFetch, refusedHost } from './outbound-guard.server.ts';

describe('refusedHost', () => {
	it.each([
		'localhost',
		'localhost.localdomain',
		'LOCALHOST.',
		'app.localhost',
		'metadata.google.internal',
		'metadata',
		'printer.local',
		'10.0.0.1.nip.io',
		'app.192.168.1.2.nip.io',
		'app-10-1-2-3.sslip.io',
		'127-0-0-1.example.com',
		'7f000001.nip.io',
		'169.254.169.254',
		'127.0.0.1',
		'10.0.0.1',
		'100.64.0.1',
		'0.0.0.0',
		'[::1]',
		'::ffff:127.0.0.1',
		'fd00::1',
		'fe80::1',
	])('refuses %s by its name alone', (host) => {
		expect(refusedHost(host)).not.toBeNull();
	});

	it.each(['procore.com', 'www.autodesk.com', '8.8.8.8', '52.1.2.3.nip.io', 'cafebabe.com'])(
		'lets %s through',
		(host) => expect(refusedHost(host)).toBeNull(),
	);

	it('lets the tests reach loopback only with the allowance, never a private or metadata address', () => {
		const tests = { allowLoopback: true };
		expect(refusedHost('127.0.0.1', tests)).toBeNull();
		expect(refusedHost('localhost', tests)).toBeNull();
		expect(refusedHost('10.0.0.1', tests)).not.toBeNull();
		expect(refusedHost('169.254.169.254', tests)).not.toBeNull();
		expect(refusedHost('metadata.google.internal', tests)).not.toBeNull();
	});
});

describe('guardedFetch', () => {
	let server: http.Server;
	let port: number;
	const hits: string[] = [];
	beforeAll(async () => {
		server = http.createServer((request, response) => {
			hits.push(request.url!);
			if (request.url === '/to-private') response.writeHead(302, { location: 'http://10.0.0.1/' });
			else if (request.url === '/to-metadata')
				response.writeHead(301, {
					location: 'http://metadata.google.internal/computeMetadata/v1/',
				});
			else if (request.url === '/to-rebound')
				response.writeHead(302, { location: `http://rebound.example.com:${port}/` });
			else response.writeHead(200, { 'content-type': 'text/plain' });
			response.end('ok');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
		// A public-looking name that resolves to this machine (DNS rebinding), as a resolver could answer.
		const lookup = dns.lookup;
		vi.spyOn(dns, 'lookup').mockImplementation(((
			hostname: string,
			options: unknown,
			callback: (...args: unknown[]) => void,
		) => {
			if (hostname !== 'rebound.example.com')
				return (lookup as (...args: unknown[]) => void)(hostname, options, callback);
			process.nextTick(() => callback(null, [{ address: '127.0.0.1', family: 4 }]));
		}) as never);
	});
	afterAll(() => {
		vi.restoreAllMocks();
		server?.close();
	});

	it('refuses a name that resolves to a loopback address, without sending anything', async () => {
		hits.length = 0;
		await expect(guardedFetch(`http://rebound.example.com:${port}/`)).rejects.toThrow(
			/rebound\.example\.com resolves to 127\.0\.0\.1/,
		);
		await expect(guardedFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(/refused/);
		await expect(guardedFetch(`http://localhost.localdomain:${port}/`)).rejects.toThrow(/refused/);
		expect(hits).toEqual([]);
		// With the tests' allowance the same server answers.
		const answer = await guardedFetch(`http://rebound.example.com:${port}/`, {}, { allowLoopback: true }); // prettier-ignore
		expect(answer.status).toBe(200);
		expect(await answer.text()).toBe('ok');
	});
});
