// The market map's pictures as the build writes them: the page's data, every logo the site
// stores embedded as a data URI, dated and credited with the data licence.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Tool } from '../../lib/catalogue.server.ts';
import { type CategorySlug, CATEGORIES } from '../../lib/categories.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { monogramFor } from '../../lib/tool-url.ts';
import { logoFile } from '../logos/site-logos.server.ts';
import { DATA_LICENCE } from '../open-data/licence.ts';
import { landscapeData } from './data.server.ts';
import { landscapePicture } from './picture.ts';

/** How the picture embeds logos: WebP as stored (browsers), or PNG (librsvg, for the PNG). */
type LogoFormat = 'webp' | 'png';

const logoUris = new Map<LogoFormat, Promise<Map<number, string>>>();

/** Every live tool's logo as a data URI, by tool id, worked out once per format. */
function logosAs(tools: readonly Tool[], format: LogoFormat) {
	let once = logoUris.get(format);
	if (!once) {
		once = (async () => {
			const uris = new Map<number, string>();
			// librsvg (sharp's SVG renderer) draws no WebP: the PNG's SVG embeds PNG copies.
			for (const tool of tools) {
				const file = await logoFile(tool.url);
				if (!file) continue;
				const bytes = await readFile(file);
				const data = format === 'webp' ? bytes : await sharp(bytes).png().toBuffer();
				uris.set(tool.id, `data:image/${format};base64,${data.toString('base64')}`);
			}
			return uris;
		})();
		logoUris.set(format, once);
	}
	return once;
}

const dateLabel = (date: Date) =>
	date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** The map (or one category's part of it) as SVG text, for the site's address `site`. */
export async function landscapeSvg(
	site: URL,
	options: { category?: CategorySlug; logos?: LogoFormat; date?: Date } = {},
) {
	const { tools, phases } = await landscapeData();
	const logos = await logosAs(tools, options.logos ?? 'webp');
	const shown = options.category
		? phases
				.map((entry) => ({
					...entry,
					categories: entry.categories.filter((c) => c.slug === options.category),
				}))
				.filter((entry) => entry.categories.length > 0)
		: phases;
	const placed = new Set(
		shown.flatMap((p) => p.categories.flatMap((c) => c.tiles.map((t) => t.tool.id))),
	);
	const title = options.category
		? `${CATEGORIES.get(options.category)!.label}: the construction software landscape`
		: 'The construction software landscape';
	const pictureTools = new Map(
		tools.map((tool) => [tool.id, { ...tool, monogram: monogramFor(tool.name) }]),
	);
	return landscapePicture(
		shown.map((entry) => ({
			...entry,
			categories: entry.categories.map((c) => ({
				...c,
				tiles: c.tiles.map((tile) => ({ ...tile, tool: pictureTools.get(tile.tool.id)! })),
			})),
		})),
		{
			title,
			subtitle: `${placed.size} ${placed.size === 1 ? 'tool' : 'tools'} · ${dateLabel(options.date ?? new Date())} · dashed: also does this job`,
			credit: `${SITE_NAME}, ${site.host}${site.pathname === '/' ? '' : site.pathname} · Data licence: ${DATA_LICENCE.name} (credit ${SITE_NAME})`,
		},
		(tool) => logos.get(tool.id) ?? null,
	);
}

/** librsvg (cairo) draws at most this many pixels a side. */
const MAX_PNG_SIDE = 32_767;

/**
 * The whole map as PNG: the SVG with PNG logos, rendered at one pixel a unit (1920 px wide). A
 * map taller than librsvg can draw (about 7,000 tools) is scaled down to fit, with a warning.
 */
export async function landscapePng(site: URL) {
	const { svg, height } = await landscapeSvg(site, { logos: 'png' });
	const scale = Math.min(1, MAX_PNG_SIDE / height);
	if (scale < 1)
		console.warn(
			`[landscape] the map is ${height} px tall: its PNG is scaled to ${Math.round(scale * 100)}% to fit librsvg's ${MAX_PNG_SIDE} px`,
		);
	return sharp(Buffer.from(svg), { density: 72 * scale, limitInputPixels: false })
		.png({ compressionLevel: 9, palette: true })
		.toBuffer();
}
