// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import { loadConfig } from './src/lib/config.server.ts';
import { EmbeddedDbPortTakenError } from './src/lib/embedded-db/config.server.ts';
import { findOwner } from './src/lib/embedded-db/ensure.server.ts';
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
	paths.suggested,
	paths.claimSent,
	paths.claimConfirmed,
	paths.suggestionConfirmed,
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

/**
 * With `EMBEDDED_DB_PORT` set and held by another program, `astro build` stops before it builds
 * anything, with the one sentence that names the variable (record 0020), rather than failing in
 * the first page that reads the catalogue with a stack trace.
 * @returns {import('astro').AstroIntegration}
 */
function embeddedDbPortCheck() {
	return {
		name: 'embedded-db-port-check',
		hooks: {
			'astro:config:setup': async ({ command }) => {
				if (command !== 'build' || config.backend.kind !== 'embedded') return;
				if (config.backend.db.portIsDefault) return;
				if (!(await findOwner(config.backend.db)).taken) return;
				console.error(
					new EmbeddedDbPortTakenError(config.backend.db.port, config.backend.db.dataDir).message,
				);
				process.exit(1);
			},
		},
	};
}

/**
 * The build writes some files itself rather than as routes (the logos, the compare files: a route
 * costs what a page costs to render; record 0031), into the directory this configuration names.
 * `astro build --outDir <dir>` overrides it on the command line: the build's own writers then
 * read the directory Astro actually builds into.
 * @returns {import('astro').AstroIntegration}
 */
function buildWritersFollowOutDir() {
	/** @type {string | undefined} */
	let outDir;
	return {
		name: 'build-writers-follow-out-dir',
		hooks: {
			'astro:config:done': ({ config: done }) => {
				outDir = fileURLToPath(done.outDir);
			},
			'astro:build:start': () => {
				if (outDir) process.env.ASTRO_OUT_DIR = outDir;
			},
		},
	};
}

const sourceDir = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * `import.meta.url` in a server module of `src/` names its source file in the build too. Vite
 * bundles the modules a page imports into chunks under the output directory (deleted after the
 * build), where `import.meta.url` would name the chunk: the embedded database's owner, which
 * the build starts when none runs, is found from its own source file
 * (`src/lib/embedded-db/owner-process.server.ts`), never from the working directory. The
 * browser's modules are left alone (Vite resolves their `new URL(…, import.meta.url)` assets).
 * @returns {import('vite').Plugin}
 */
function sourceImportMetaUrl() {
	return {
		name: 'source-import-meta-url',
		enforce: 'pre',
		transform(code, id) {
			const file = id.split('?')[0];
			if (this.environment.config.consumer === 'client' || !file.startsWith(sourceDir)) return;
			if (!code.includes('import.meta.url')) return;
			return {
				code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)),
				map: null,
			};
		},
	};
}

export default defineConfig({
	// SITE_URL, else Netlify's URL: canonical links, sitemap, feed.
	site: config.siteUrl,
	// Tests and benchmarks build into their own directory (ASTRO_OUT_DIR) so parallel runs never share dist/.
	outDir: config.outDir,
	trailingSlash: 'always',
	// Neither a tool's correction form (/app/{id}/suggest/) nor the embeddable views (/embed/…,
	// for other sites' iframes) is a page to land on from a search.
	integrations: [
		embeddedDbPortCheck(),
		buildWritersFollowOutDir(),
		// Each React component of a page renders to one string, not a stream: no page here streams
		// (every page is pre-rendered), and at 10,000 tools the streams' buffers were 0.2 GB of the
		// build's peak memory (record 0031).
		react({ experimentalDisableStreaming: true }),
		sitemap({
			filter: (page) => {
				const { pathname } = new URL(page);
				return (
					!unlisted.has(pathname) &&
					!pathname.endsWith('/suggest/') &&
					!pathname.startsWith('/embed/')
				);
			},
		}),
	],
	devToolbar: { enabled: false },
	// A page's own small stylesheets (under Vite's 4 KB assetsInlineLimit: the banner's, the
	// form's, the integrations') go inline, hashed by security.csp, so the only render-blocking
	// request is the shared global sheet, which every page reuses from the cache.
	// Two pages at a time (record 0025): each page's mkdir, open, write and close wait on libuv's
	// thread pool, and with one page at a time the renderer sat idle for half the build waiting
	// for them. The output is byte for byte the same; four at a time was faster still, with more
	// memory in flight while the build's peak is already close to its 1.5 GB budget.
	build: { inlineStylesheets: 'auto', concurrency: 2 },
	vite: {
		plugins: [lazyImportsWithoutPreload(), sourceImportMetaUrl()],
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
