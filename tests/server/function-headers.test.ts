// netlify.toml is the one home of the security headers. Netlify applies its [[headers]] to files
// only, so the functions carry a copy (src/features/forms/http.server.ts): it must say the same,
// and so must the page's <meta> CSP wherever both set a directive.
import { expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/features/forms/http.server.ts';
import { readNetlifyToml } from '../../src/server/netlify-toml.ts';

const siteHeaders = readNetlifyToml().headersFor('/');
const lower = (headers: Record<string, string>) =>
	Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** CSP directives by name: `default-src 'self'` → { 'default-src': "'self'" }. */
const directives = (policy: string) =>
	Object.fromEntries(
		policy
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((words) => words[0])
			.map(([name, ...values]) => [name, values.join(' ')]),
	);

it('function answers send every site header with netlify.toml’s value (their CSP is their own)', () => {
	const functionHeaders = lower(SECURITY_HEADERS);
	for (const [name, value] of Object.entries(lower(siteHeaders))) {
		if (name === 'content-security-policy') continue;
		expect({ [name]: functionHeaders[name] }).toEqual({ [name]: value });
	}
	// A function's policy may only be stricter: it never frames, and allows no base or scripts.
	const policy = directives(functionHeaders['content-security-policy']);
	expect(policy['frame-ancestors']).toBe("'none'");
	expect(policy['default-src']).toBe("'none'");
});

it('the page’s <meta> CSP agrees with netlify.toml’s header wherever both set a directive', async () => {
	const astroConfig = (await import('../../astro.config.mjs')).default;
	const header = directives(lower(siteHeaders)['content-security-policy']);
	const csp = astroConfig.security?.csp;
	const meta = directives((typeof csp === 'object' ? (csp.directives ?? []) : []).join('; '));
	const shared = Object.keys(meta).filter((name) => name in header);
	expect(shared.length).toBeGreaterThan(0);
	for (const name of shared) expect({ [name]: meta[name] }).toEqual({ [name]: header[name] });
});
