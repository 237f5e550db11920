// @ts-check
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';

// Netlify sets URL during its builds; SITE_URL overrides it (canonical links, sitemap, feed).
const site = process.env.SITE_URL || process.env.URL || 'http://localhost:8888';
const logoTemplate = process.env.LOGO_URL_TEMPLATE || 'https://icons.duckduckgo.com/ip3/{host}.ico';
const logoOrigin = new URL(logoTemplate.replaceAll('{host}', 'example.com')).origin;

export default defineConfig({
	site,
	// Tests and benchmarks build into their own directory so parallel runs never share dist/.
	outDir: process.env.ASTRO_OUT_DIR || 'dist',
	trailingSlash: 'always',
	integrations: [react()],
	devToolbar: { enabled: false },
	build: { inlineStylesheets: 'never' },
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
