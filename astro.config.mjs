// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig, envField } from 'astro/config';
import { loadConfig } from './src/lib/config.server.ts';
import { paths } from './src/lib/paths.ts';

// Every variable is read and checked in src/lib/config.server.ts; a wrong one stops the build
// here with the list of problems.
const config = loadConfig('build');

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
 * Lazy modules (the forms' posting and toast code, the works-with picker) load with a plain
 * `import()`. Vite wraps every dynamic import of the browser build in a preload helper
 * (~0.7 KB gzip on each page with an island, vitejs/vite#18551) even with `modulePreload`
 * off; here nothing is preloaded (a lazy chunk's imports are React and the runtime, already
 * loaded), so the helper is just the call. Its other job, loading a lazy module's CSS, does
 * not arise (Astro puts such CSS on the page itself); should Vite ever hand it CSS to load,
 * the build stops rather than drop the sheet.
 * @returns {import('vite').Plugin}
 */
function lazyImportsWithoutPreload() {
	const helper = '\0vite/preload-helper.js';
	return {
		name: 'lazy-imports-without-preload',
		enforce: 'pre',
		configEnvironment: (name) =>
			name === 'client' ? { build: { modulePreload: false } } : undefined,
		// A copy per importing module: shared by two islands (the forms, the compare page), one
		// helper became a chunk of its own, 68 B gzip more on the home page than inline.
		resolveId: (id, importer) => (id === helper ? `${helper}?from=${importer ?? ''}` : undefined),
		load: (id) =>
			id.startsWith(`${helper}?from=`)
				? 'export const __vitePreload = (load) => load();'
				: undefined,
		writeBundle(_, bundle) {
			for (const chunk of Object.values(bundle)) {
				// With modulePreload off, Vite lists only CSS files as a lazy import's dependencies.
				if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps'))
					this.error(
						`${chunk.fileName} lazily imports CSS that Vite's preload helper would load: lazyImportsWithoutPreload in astro.config.mjs no longer fits this build`,
					);
			}
		},
	};
}

export default defineConfig({
	// SITE_URL, else Netlify's URL: canonical links, sitemap, feed.
	site: config.siteUrl,
	// Tests and benchmarks build into their own directory (ASTRO_OUT_DIR) so parallel runs never share dist/.
	outDir: config.outDir,
	trailingSlash: 'always',
	integrations: [
		react(),
		sitemap({
			// The embeddable views (/embed/…) are for other sites' iframes, not search results.
			filter: (page) =>
				!unlisted.has(new URL(page).pathname) && !new URL(page).pathname.startsWith('/embed/'),
		}),
	],
	devToolbar: { enabled: false },
	// A page's own small stylesheets (under Vite's 4 KB assetsInlineLimit: the banner's, the
	// form's, the integrations') go inline, hashed by security.csp, so the only render-blocking
	// request is the shared global sheet, which every page reuses from the cache.
	build: { inlineStylesheets: 'auto' },
	vite: {
		plugins: [lazyImportsWithoutPreload()],
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
				default: config.contactUrl,
			}),
			// The `ref` on outbound tool links; unset means the site name as a slug, '' turns it off
			// (astro:env reads an empty variable as unset, hence the default).
			OUTBOUND_REF: envField.string({
				context: 'server',
				access: 'public',
				optional: true,
				default: config.outboundRef === '' ? '' : undefined,
			}),
		},
	},
	security: {
		csp: {
			directives: [
				"default-src 'self'",
				// Logos are fetched at build time and served from /logos/ (src/features/logos/).
				"img-src 'self'",
				"connect-src 'self'",
				"font-src 'self'",
				"object-src 'none'",
				"base-uri 'self'",
				"form-action 'self'",
			],
		},
	},
});
