// The market map as one SVG for slides (`/landscape.svg`): the page's data, logos embedded.
import type { APIContext } from 'astro';
import { landscapeSvg } from '../features/landscape/picture.server.ts';

export async function GET(context: APIContext) {
	const { svg } = await landscapeSvg(context.site!);
	return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}
