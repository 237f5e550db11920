import { describe, expect, it } from 'vitest';
import { logoUrlFor, monogramFor } from './tool-url.ts';

const template = 'https://logos.example/{host}.png';

describe('logo requests', () => {
	it('send only the host, without scheme, www., port, path or query', () => {
		const url = new URL('https://www.Procore.com:8443/en-gb/products?utm=1#x');
		expect(logoUrlFor(url, template)).toBe('https://logos.example/procore.com.png');
	});
	it('keep subdomains other than www', () => {
		expect(logoUrlFor(new URL('http://app.fieldwire.com'), template)).toBe(
			'https://logos.example/app.fieldwire.com.png',
		);
	});
});

describe('monogramFor', () => {
	it.each([
		['Procore', 'PR'],
		['Autodesk Build', 'AB'],
		['  bluebeam revu ', 'BR'],
		['', '?'],
	])('%s gives %s', (name, expected) => {
		expect(monogramFor(name)).toBe(expected);
	});
});
