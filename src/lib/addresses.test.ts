import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { ADDRESS_SAMPLES } from '../../tests/helpers/web-addresses.ts';
import {
	addressProblem,
	isPublicIPv4,
	siteHost,
	spelledIPv4,
	typedWebAddress,
	webAddress,
} from './addresses.ts';

describe('the address rule (record 0030), on the samples the database is held to', () => {
	it.each(ADDRESS_SAMPLES.map((sample) => [sample.address.slice(0, 80), sample] as const))(
		'%s',
		(_, { address, problem }) => {
			expect(addressProblem(address)).toBe(problem);
			expect(webAddress(address) === null).toBe(problem !== null);
		},
	);

	it('takes only strings', () => {
		for (const value of [42, null, undefined, {}, new URL('https://procore.com')])
			expect(webAddress(value)).toBeNull();
	});
});

describe('typedWebAddress: what a form or the editor was given', () => {
	it.each([
		['  https://www.Procore.com/  ', {}, 'https://www.procore.com/'],
		['procore.com/pricing', { withScheme: true }, 'https://procore.com/pricing'],
		['bücher.de', { withScheme: true }, 'https://xn--bcher-kva.de/'],
		['https://example.com/straße?q=ä', {}, 'https://example.com/stra%C3%9Fe?q=%C3%A4'],
		['HTTP://EXAMPLE.COM:80/', {}, 'http://example.com/'],
	])('%s gives %s', (typed, options, href) => {
		expect(typedWebAddress(typed, options).url?.href).toBe(href);
	});

	it.each([
		['procore.com', {}, 'scheme'],
		['https://procore.com/a b', {}, 'characters'],
		['https://procore.com/\u200b', {}, 'characters'],
		['https://exa mple.com', {}, 'characters'],
		['https://example.com:99999', {}, 'syntax'],
		['https://[::1', {}, 'syntax'],
		['javascript:alert(1)', { withScheme: true }, 'scheme'],
		['localhost:3000', { withScheme: true }, 'scheme'],
		['http://localhost:3000', { withScheme: true }, 'host'],
		['https://user:pw@example.com', {}, 'credentials'],
		['https://10.0.0.1.nip.io', {}, 'host'],
		[`https://example.com/${'a'.repeat(2040)}`, {}, 'length'],
	])('%s is refused (%s)', (typed, options, problem) => {
		expect(typedWebAddress(typed, options)).toEqual({ url: null, problem });
	});
});

describe('spelled addresses', () => {
	it.each([
		['10.0.0.1.nip.io', [[10, 0, 0, 1]]],
		['app-192-168-1-2.sslip.io', [[192, 168, 1, 2]]],
		['0a000001.nip.io', [[10, 0, 0, 1]]],
		['999.0.0.1.nip.io', []],
		['procore.com', []],
	])('%s spells %j', (host, spelled) => {
		expect(spelledIPv4(host)).toEqual(spelled);
	});

	it("isPublicIPv4 answers as ipaddr.js's ranges, which the outbound guard asks", () => {
		const edges = [
			0, 1, 9, 10, 11, 63, 64, 99, 100, 126, 127, 128, 168, 169, 171, 172, 175, 191, 192, 193, 197,
			198, 199, 203, 223, 224, 239, 240, 254, 255,
		];
		const seconds = [0, 1, 15, 16, 31, 32, 51, 52, 63, 64, 88, 127, 128, 168, 175, 254, 255];
		const thirds = [0, 1, 2, 48, 99, 100, 113, 193, 196, 255];
		for (const a of edges)
			for (const b of seconds)
				for (const c of thirds) {
					const octets = [a, b, c, a === 255 && b === 255 && c === 255 ? 255 : 7];
					expect(isPublicIPv4(octets), octets.join('.')).toBe(
						ipaddr.parse(octets.join('.')).range() === 'unicast',
					);
				}
	});
});

describe('siteHost', () => {
	it.each([
		['https://www.Procore.com:8443/en?x=1', 'procore.com'],
		['http://app.fieldwire.com', 'app.fieldwire.com'],
		['https://www2.procore.com', 'www2.procore.com'],
		['https://wwwprocore.com', 'wwwprocore.com'],
	])('%s: %s', (url, host) => {
		expect(siteHost(new URL(url))).toBe(host);
	});
});
