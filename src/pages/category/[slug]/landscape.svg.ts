// One category's part of the market map as SVG (`/category/{slug}/landscape.svg`).
import type { APIContext } from 'astro';
import { landscapeSvg } from '../../../features/landscape/picture.server.ts';
import { CATEGORY_SLUGS, type CategorySlug } from '../../../lib/categories.ts';

export function getStaticPaths() {
	return CATEGORY_SLUGS.map((slug) => ({ params: { slug } }));
}

export async function GET(context: APIContext) {
	const { svg } = await landscapeSvg(context.site!, {
		category: context.params.slug as CategorySlug,
	});
	return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}
