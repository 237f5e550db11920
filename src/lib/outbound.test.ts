import { describe, expect, it } from 'vitest';
import { slugify, withRef } from './outbound.ts';

describe('withRef', () => {
	it.each([
		['https://www.procore.com', 'https://www.procore.com/?ref=contech'],
		['https://example.com/path', 'https://example.com/path?ref=contech'],
		['https://example.com/p?x=1&y', 'https://example.com/p?x=1&y&ref=contech'],
		[
			'https://example.com/?q=a%20b+c#pricing',
			'https://example.com/?q=a%20b+c&ref=contech#pricing',
		],
		['https://example.com/#/app/route?z=1', 'https://example.com/?ref=contech#/app/route?z=1'],
		['https://example.com/?', 'https://example.com/?ref=contech'],
	])('adds the ref to %s, keeping query and fragment', (href, expected) => {
		expect(withRef(href, 'contech')).toBe(expected);
	});

	it('keeps a ref the address already has (an affiliate code, say)', () => {
		expect(withRef('https://example.com/?ref=partner', 'contech')).toBe(
			'https://example.com/?ref=partner',
		);
	});

	it('encodes the ref value', () => {
		expect(withRef('https://example.com/', 'a b&c')).toBe('https://example.com/?ref=a+b%26c');
	});

	it('changes nothing when the ref is empty (turned off)', () => {
		expect(withRef('https://example.com/p?x=1', '')).toBe('https://example.com/p?x=1');
	});
});

describe('slugify', () => {
	it.each([
		['ConTech Directory', 'contech-directory'],
		['  Bau & Technik: Übersicht! ', 'bau-technik-ubersicht'],
		['---', ''],
	])('%s gives %s', (text, expected) => {
		expect(slugify(text)).toBe(expected);
	});
});
