// Requests to addresses this site did not choose (a tool's address, a fact's source, a logo) go
// through here (record 0027): never to this machine, its network or a cloud's metadata service.
// The host name is refused by its shape first (localhost, localhost.localdomain, *.internal,
// names that spell a private address such as 10.0.0.1.nip.io); then it is resolved and every
// address checked, in the lookup of the connection itself, so the address connected to is the
// one checked (no second lookup a rebinding name could answer differently). Redirects are not
// followed here: a caller that follows one asks again, and the next hop is checked the same way.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { LOCAL_NAMES, LOCAL_SUFFIXES, spelledIPv4 } from './addresses.ts';

export interface OutboundPolicy {
	/**
	 * Loopback addresses (127.0.0.0/8, ::1, localhost) allowed: the tests' own servers only
	 * (OUTBOUND_ALLOW_LOOPBACK, which the production configuration refuses). Private, link-local
	 * and metadata addresses stay refused.
	 */
	allowLoopback?: boolean;
}

/** A request refused before it was made: the host is, or resolves to, a non-public address. */
export class PrivateAddressError extends Error {
	readonly code = 'EPRIVATEADDRESS';
	constructor(
		readonly host: string,
		why: string,
	) {
		super(`refused: ${host} ${why}`);
	}
}

/** Whether an address may be requested: public unicast only (loopback when allowed). */
function addressAllowed(address: string, policy: OutboundPolicy): boolean {
	if (!ipaddr.isValid(address)) return false;
	let parsed = ipaddr.parse(address);
	if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
		parsed = (parsed as ipaddr.IPv6).toIPv4Address();
	const range = parsed.range();
	return range === 'unicast' || (range === 'loopback' && policy.allowLoopback === true);
}

/**
 * Why `hostname` may not be requested by its name alone, or null: the names and spelled
 * addresses of the address rule (src/lib/addresses.ts), loopback ones allowed under the policy.
 */
export function refusedHost(hostname: string, policy: OutboundPolicy = {}): string | null {
	const host = hostname
		.toLowerCase()
		.replace(/\.$/, '')
		.replace(/^\[|\]$/g, '');
	if (ipaddr.isValid(host))
		return addressAllowed(host, policy) ? null : 'is a private, loopback or reserved address';
	const loopbackName = host === 'localhost' || host.endsWith('.localhost');
	if (loopbackName && policy.allowLoopback) return null;
	if (LOCAL_NAMES.includes(host) || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)))
		return 'names this machine, its network or a metadata service';
	for (const octets of spelledIPv4(host)) {
		const spelled = octets.join('.');
		if (!addressAllowed(spelled, policy)) return `spells the private address ${spelled}`;
	}
	return null;
}

/** A connection lookup that refuses any answer holding a non-public address. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
	return (hostname, options, callback) => {
		dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
			if (error) return callback(error, '', 0);
			const list = addresses as dns.LookupAddress[];
			const bad = list.find((entry) => !addressAllowed(entry.address, policy));
			if (bad || !list.length)
				return callback(
					new PrivateAddressError(
						hostname,
						bad
							? `resolves to ${bad.address}, a private, loopback or reserved address`
							: 'has no address',
					) as unknown as NodeJS.ErrnoException,
					'',
					0,
				);
			if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
			callback(null, list[0].address, list[0].family);
		});
	};
}

export interface GuardedInit {
	method?: 'GET' | 'HEAD';
	headers?: Record<string, string>;
	signal?: AbortSignal;
}

/**
 * GET (or HEAD) `url` with the checks above; redirects are answered, not followed. The answer
 * is a fetch `Response` (its body a stream), so callers read it as they read fetch's.
 */
export function guardedFetch(
	url: string | URL,
	init: GuardedInit = {},
	policy: OutboundPolicy = {},
): Promise<Response> {
	const target = new URL(url);
	if (target.protocol !== 'http:' && target.protocol !== 'https:')
		return Promise.reject(new TypeError(`not a web address: ${target.href}`));
	const why = refusedHost(target.hostname, policy);
	if (why) return Promise.reject(new PrivateAddressError(target.hostname, why));
	const client = target.protocol === 'https:' ? https : http;
	return new Promise<Response>((resolve, reject) => {
		const request = client.request(
			target,
			{
				method: init.method ?? 'GET',
				headers: { 'accept-encoding': 'identity', ...init.headers },
				signal: init.signal,
				lookup: guardedLookup(policy),
				// A connection of its own: a kept-alive socket would skip the lookup, and its check.
				agent: false,
			},
			(answer) => {
				const headers = new Headers();
				for (const [name, value] of Object.entries(answer.headers))
					for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
						headers.append(name, one);
				const status = answer.statusCode ?? 502;
				const bodyless = init.method === 'HEAD' || status === 204 || status === 304;
				if (bodyless) answer.resume();
				try {
					resolve(
						new Response(bodyless ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
							status: status < 200 ? 502 : status,
							headers,
						}),
					);
				} catch (error) {
					answer.destroy();
					reject(error);
				}
			},
		);
		request.on('error', (error) => {
			// The lookup's refusal arrives as the request's error: keep it as it is.
			reject(error);
		});
		request.end();
	});
}
