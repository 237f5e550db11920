import type { APIRoute } from 'astro';

/** robots.txt: everything may be crawled; the sitemap's address comes from the configured site. */
export const GET: APIRoute = ({ site }) => {
	const sitemap = new URL('/sitemap-index.xml', site);
	return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap.href}\n`, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
};
