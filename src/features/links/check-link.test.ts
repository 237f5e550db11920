import { describe, expect, it } from 'vitest';
import { checkLink, sameSite } from './check-link.server.ts';

describe('sameSite: a redirect to another site is a move', () => {
	it.each([
		['https://procore.com/', 'https://www.procore.com/en-us', true],
		['https://us.procore.com/', 'https://procore.com/', true],
		['http://app.fieldwire.com/', 'https://www.fieldwire.com/login', true],
		[
			'https://www.plangrid.com/',
			'https://construction.autodesk.com/products/autodesk-build/',
			false,
		],
		['https://example.co.uk/', 'https://other.co.uk/', false],
		['https://www.example.co.uk/', 'https://shop.example.co.uk/', true],
		['http://127.0.0.1:8080/', 'http://localhost:8080/', false],
	])('%s and %s: %s', (a, b, same) => {
		expect(sameSite(new URL(a), new URL(b))).toBe(same);
	});
});

describe('checkLink', () => {
	it.each(['ftp://files.example.com/spec.pdf', 'http://exa mple.com/', 'not a url'])(
		'calls %s broken without requesting anything',
		async (url) => {
			expect(await checkLink(url, { timeoutMs: 1000, userAgent: 'test' })).toEqual({
				url,
				status: 'broken',
				httpStatus: null,
				finalUrl: null,
				detail: 'not a web address',
			});
		},
	);
});
