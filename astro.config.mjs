// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig, envField } from 'astro/config';
import { paths } from './src/lib/paths.ts';

// Netlify sets URL during its builds; SITE_URL overrides it (canonical links, sitemap, feed).
const site = process.env.SITE_URL || process.env.URL || 'http://localhost:8888';
const logoTemplate = process.env.LOGO_URL_TEMPLATE || 'https://icons.duckduckgo.com/ip3/{host}.ico';
const logoOrigin = new URL(logoTemplate.replaceAll('{host}', 'example.com')).origin;

// The sitemap lists every pre-rendered page but the 404 (the integration leaves it out) and
// the pages a form answers with, which only make sense after a post.
/** @type {Set<string>} */
const unlisted = new Set([
	paths.submitted,
	paths.subscribed,
	paths.subscriptionConfirmed,
	paths.unsubscribed,
]);

/**
 * Vite wraps every lazy `import()` in a helper that preloads the imported chunk's dependencies
 * (0.6 KB gzip on the home page, a tenth of the site's own JavaScript). The site's one lazy
 * import (the form code, see useFormSubmit.ts) depends only on chunks its pages have already
 * loaded, so the wrapper is removed and the unused helper is minified away. A lazy import added
 * later would load its dependencies one after another instead of in parallel. If a future Vite
 * writes the call differently, nothing is unwrapped and the page is just 0.6 KB larger.
 * @returns {import('vite').Plugin}
 */
function unwrapPreloadedImports() {
	const wrapped =
		/__vitePreload\(\s*\(\)\s*=>\s*(import\(\s*"[^"]+"\s*\))\s*,\s*__VITE_PRELOAD__\s*\)/g;
	return {
		name: 'contech:unwrap-preloaded-imports',
		applyToEnvironment: (environment) => environment.name === 'client',
		renderChunk(code) {
			return code.includes('__vitePreload(') ? code.replace(wrapped, '$1') : null;
		},
	};
}

export default defineConfig({
	site,
	// Tests and benchmarks build into their own directory so parallel runs never share dist/.
	outDir: process.env.ASTRO_OUT_DIR || 'dist',
	trailingSlash: 'always',
	integrations: [react(), sitemap({ filter: (page) => !unlisted.has(new URL(page).pathname) })],
	devToolbar: { enabled: false },
	build: { inlineStylesheets: 'never' },
	vite: {
		plugins: [unwrapPreloadedImports()],
		environments: {
			client: {
				build: {
					rolldownOptions: {
						output: {
							// React in one file rather than five: one request, and gzip compresses it as a
							// whole (about 1.7 KB less than five files on every page with an island).
							codeSplitting: {
								groups: [
									{
										name: 'react',
										test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
									},
								],
							},
						},
					},
				},
			},
		},
	},
	env: {
		schema: {
			CONTACT_URL: envField.string({
				context: 'server',
				access: 'public',
				url: true,
				default: 'https://www.linkedin.com/company/construction-tech-directory/',
			}),
			LOGO_URL_TEMPLATE: envField.string({
				context: 'server',
				access: 'public',
				default: logoTemplate,
			}),
			// The `ref` on outbound tool links; unset means the site name as a slug, '' turns it off
			// (astro:env reads an empty variable as unset, hence the default).
			OUTBOUND_REF: envField.string({
				context: 'server',
				access: 'public',
				optional: true,
				default: process.env.OUTBOUND_REF === '' ? '' : undefined,
			}),
		},
	},
	security: {
		csp: {
			directives: [
				"default-src 'self'",
				`img-src 'self' data: ${logoOrigin}`,
				"connect-src 'self'",
				"font-src 'self'",
				"object-src 'none'",
				"base-uri 'self'",
				"form-action 'self'",
			],
		},
	},
});
