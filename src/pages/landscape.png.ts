// The market map as a PNG for slides (`/landscape.png`, 1920 px wide), drawn from its SVG.
import type { APIContext } from 'astro';
import { landscapePng } from '../features/landscape/picture.server.ts';

export async function GET(context: APIContext) {
	const png = await landscapePng(context.site!);
	return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
}
