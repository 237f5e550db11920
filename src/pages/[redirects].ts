// Netlify's `_redirects` file (https://docs.netlify.com/routing/redirects/): each "A vs B"
// page's reverse address ("B vs A") sends the visitor to the canonical one, and a related pair
// with too little documented for a page of its own goes to the compare page on both tools, so a
// link from elsewhere keeps working. `npm start` reads
// the same file (src/server/redirects.ts). A file whose name starts with "_" is not a route in
// src/pages, hence this one-path dynamic route.
import type { APIRoute } from 'astro';
import { compareData } from '../features/compare/data.server.ts';

export function getStaticPaths() {
	return [{ params: { redirects: '_redirects' } }];
}

export const GET: APIRoute = async () => {
	const { pairs, toCompare } = await compareData();
	const lines = [
		...pairs.map((pair) => `${pair.reversePath} ${pair.path} 301`),
		...toCompare.flatMap((pair) => pair.paths.map((path) => `${path} ${pair.to} 301`)),
	];
	return new Response(
		`# Generated at build time: the reverse "A vs B" addresses, and pairs without a page.\n${lines.join('\n')}\n`,
		{
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		},
	);
};
