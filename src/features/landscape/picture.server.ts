// The market map's pictures as the build writes them: the page's data, every logo the site
// stores embedded as a data URI, dated and credited with the data licence.
import { dayLabel, isoDay } from '../../lib/dates.ts';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Tool } from '../../lib/catalogue.server.ts';
import { type CategorySlug, CATEGORIES, CATEGORY_SLUGS } from '../../lib/categories.ts';
import { paths } from '../../lib/paths.ts';
import { integrationData } from '../integrations/data.server.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { monogramFor } from '../../lib/tool-url.ts';
import { logoFile } from '../logos/site-logos.server.ts';
import { DATA_LICENCE } from '../open-data/licence.ts';
import { landscapeData } from './data.server.ts';
import { mostConnected, tileCount } from './landscape.ts';
import { landscapePicture } from './picture.ts';
import { plural } from '../../lib/text.ts';

/** How the picture embeds logos: WebP as stored (browsers), or PNG (librsvg, for the PNG). */
type LogoFormat = 'webp' | 'png';

const logoUris = new Map<string, Promise<string | null>>();

/** A live tool's logo as a data URI, or null; worked out once per tool and format. */
function logoUri(tool: Tool, format: LogoFormat): Promise<string | null> {
	const key = `${format} ${tool.id}`;
	let uri = logoUris.get(key);
	if (!uri) {
		uri = (async () => {
			const file = await logoFile(tool.url);
			if (!file) return null;
			const bytes = await readFile(file);
			// librsvg (sharp's SVG renderer) draws no WebP: the PNG's SVG embeds PNG copies.
			const data = format === 'webp' ? bytes : await sharp(bytes).png().toBuffer();
			return `data:image/${format};base64,${data.toString('base64')}`;
		})();
		logoUris.set(key, uri);
	}
	return uri;
}

/** The logos of the tools drawn, by tool id, a few at a time. */
async function logosOf(tools: readonly Tool[], format: LogoFormat) {
	const uris = new Map<number, string>();
	for (let i = 0; i < tools.length; i += 16) {
		const batch = tools.slice(i, i + 16);
		const found = await Promise.all(batch.map((tool) => logoUri(tool, format)));
		batch.forEach((tool, at) => found[at] && uris.set(tool.id, found[at]));
	}
	return uris;
}

const dateLabel = (date: Date) => dayLabel(isoDay(date)!, 'long');

/**
 * Tiles the PNG draws at most. librsvg takes 2-5 ms a tile (its text above all: 37-57 s for the
 * 11,000 tiles of 10,000 tools, logos or none, measured here), so a larger map's PNG draws each
 * category's most connected tools and says how many more there are; the SVG is always whole.
 */
export const PNG_MAX_TILES = 1200;

/** The map (or one category's part of it) as SVG text, for the site's address `site`. */
export async function landscapeSvg(
	site: URL,
	options: { category?: CategorySlug; logos?: LogoFormat; date?: Date; maxTiles?: number } = {},
) {
	const data = await landscapeData();
	const { tools } = data;
	let { phases } = data;
	let partial = '';
	const placements = tileCount(phases);
	if (options.maxTiles && placements > options.maxTiles) {
		const perCategory = Math.max(1, Math.floor(options.maxTiles / CATEGORY_SLUGS.length));
		const partners = new Map<number, number>();
		for (const pair of (await integrationData()).integrations)
			for (const id of [pair.lowId, pair.highId]) partners.set(id, (partners.get(id) ?? 0) + 1);
		phases = mostConnected(phases, partners, perCategory);
		partial = ` · the ${perCategory} most connected of each category shown; the whole map: ${new URL(paths.landscapeSvg, site).href}`;
	}
	const shown = options.category
		? phases
				.map((entry) => ({
					...entry,
					categories: entry.categories.filter((c) => c.slug === options.category),
				}))
				.filter((entry) => entry.categories.length > 0)
		: phases;
	// Every tool of the map (or the category), drawn or not.
	const placed = new Set(
		data.phases.flatMap((p) =>
			p.categories
				.filter((c) => !options.category || c.slug === options.category)
				.flatMap((c) => c.tiles.map((t) => t.tool.id)),
		),
	);
	const drawn = new Map(
		shown.flatMap((p) => p.categories.flatMap((c) => c.tiles.map((t) => [t.tool.id, t.tool]))),
	);
	const logos = await logosOf([...drawn.values()], options.logos ?? 'webp');
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
			subtitle: `${plural(placed.size, 'tool')} · ${dateLabel(options.date ?? new Date())} · dashed: also does this job${partial}`,
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
	const { svg, height } = await landscapeSvg(site, { logos: 'png', maxTiles: PNG_MAX_TILES });
	const scale = Math.min(1, MAX_PNG_SIDE / height);
	if (scale < 1)
		console.warn(
			`[landscape] the map is ${height} px tall: its PNG is scaled to ${Math.round(scale * 100)}% to fit librsvg's ${MAX_PNG_SIDE} px`,
		);
	return sharp(Buffer.from(svg), { density: 72 * scale, limitInputPixels: false })
		.png({ compressionLevel: 9, palette: true })
		.toBuffer();
}
