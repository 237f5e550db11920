import { expect, it } from 'vitest';
import { negotiate } from '../../src/server/compression.ts';
import { parseNetlifyToml, pathPattern } from '../../src/server/netlify-toml.ts';

it('matches Netlify path patterns: * for the rest of the path, :name for one segment', () => {
	expect(pathPattern('/*')('/')).toBe(true);
	expect(pathPattern('/*')('/app/3/')).toBe(true);
	expect(pathPattern('/_astro/*')('/_astro/a.js')).toBe(true);
	expect(pathPattern('/_astro/*')('/app/_astro/a.js')).toBe(false);
	expect(pathPattern('/app/:id/')('/app/3/')).toBe(true);
	expect(pathPattern('/app/:id/')('/app/3/x/')).toBe(false);
	expect(pathPattern('/a.b')('/aXb')).toBe(false);
});

it('reads [[headers]], later rules adding to and overriding earlier ones', () => {
	const config = parseNetlifyToml(
		`[build]\npublish = "out"\n[[headers]]\nfor = "/*"\n[headers.values]\nA = "1"\nB = "1"\n[[headers]]\nfor = "/x/*"\n[headers.values]\nB = "2"\n`,
		'/site',
	);
	expect(config.publishDir).toBe('/site/out');
	expect(config.functionsDir).toBe('/site/netlify/functions');
	expect(config.headersFor('/')).toEqual({ A: '1', B: '1' });
	expect(config.headersFor('/x/y')).toEqual({ A: '1', B: '2' });
	expect(() => parseNetlifyToml('[[headers]]\nfor = 3\n', '/')).toThrow();
});

it('picks brotli, then gzip, honouring q=0 and *', () => {
	expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
	expect(negotiate('gzip')).toBe('gzip');
	expect(negotiate('br;q=0, gzip;q=0.5')).toBe('gzip');
	expect(negotiate('*')).toBe('br');
	expect(negotiate('identity')).toBeNull();
	expect(negotiate(undefined)).toBeNull();
});
