/**
 * The market map as one picture for slides (`/landscape.svg`, its PNG, a category's own): the
 * same phases and tiles as the page, laid out on a fixed 1920 px wide canvas, text as text,
 * each tool named in full in its `<title>`. Plain string building: the same data gives the same
 * bytes. The caller says how a tool's logo is embedded (a data URI) or that it has none.
 */
import { escapeXml } from '../integrations/map-svg.ts';
import type { LandscapeCategory, LandscapeTool } from './landscape.ts';
import type { Phase } from './phases.ts';

export const PICTURE_WIDTH = 1920;
const MARGIN = 40;
const GAP = 16;
const PAD = 12;
const TILE_W = 168;
const TILE_H = 36;
const TILE_GAP = 6;
const LOGO = 24;
const CATEGORY_HEAD = 34;
const PHASE_HEAD = 40;
const HEADER = 120;
const FOOTER = 70;
const PHASE_COLOURS = ['#1d4ed8', '#a16207', '#15803d', '#7e22ce'];
const FONT = "font-family='DejaVu Sans, Arial, Helvetica, sans-serif'";

export interface PictureTool extends LandscapeTool {
	monogram: string;
}

/** A category's tiles in the picture, and how many it has in all when only some are drawn. */
export interface PictureCategory<T extends PictureTool> extends LandscapeCategory<T> {
	total?: number;
}

export interface PicturePhase<T extends PictureTool> {
	phase: Phase;
	categories: PictureCategory<T>[];
}

export interface PictureText {
	title: string;
	/** "182 tools · 28 November 2026". */
	subtitle: string;
	/** The site's name and address, and the data licence. */
	credit: string;
}

/** A name cut to what fits a tile (about 6.2 px a character at 12 px). */
const fit = (name: string, width: number) => {
	const max = Math.floor(width / 6.6);
	return name.length > max ? `${name.slice(0, max - 1)}…` : name;
};

function tileSvg(
	tool: PictureTool,
	also: boolean,
	x: number,
	y: number,
	logo: string | null,
): string {
	const name = escapeXml(tool.name);
	const dash = also ? " stroke-dasharray='4 3'" : '';
	const mark = logo
		? `<image x='${x + 6}' y='${y + 6}' width='${LOGO}' height='${LOGO}' href='${logo}'/>`
		: `<rect x='${x + 6}' y='${y + 6}' width='${LOGO}' height='${LOGO}' rx='5' fill='#e4ebf3'/>` +
			`<text x='${x + 6 + LOGO / 2}' y='${y + 22}' font-size='10' font-weight='700' fill='#0f2742' text-anchor='middle'>${escapeXml(tool.monogram)}</text>`;
	return (
		`<g><title>${name}${also ? ' (also does this)' : ''}</title>` +
		`<rect x='${x}' y='${y}' width='${TILE_W}' height='${TILE_H}' rx='6' fill='#fff' stroke='#9aa5b1'${dash}/>` +
		mark +
		`<text x='${x + LOGO + 12}' y='${y + 23}' font-size='12' fill='#1a1f26'>${escapeXml(fit(tool.name, TILE_W - LOGO - 16))}</text></g>`
	);
}

/**
 * The picture as SVG text. `logoOf` gives a tool's logo as a data URI, or null for its monogram.
 */
export function landscapePicture<T extends PictureTool>(
	phases: readonly PicturePhase<T>[],
	text: PictureText,
	logoOf: (tool: T) => string | null,
): { svg: string; width: number; height: number } {
	const inner = PICTURE_WIDTH - 2 * MARGIN;
	const parts: string[] = [];
	let y = MARGIN + HEADER;
	phases.forEach(({ phase, categories }, index) => {
		const colour = PHASE_COLOURS[index % PHASE_COLOURS.length];
		const boxW = (inner - GAP * (categories.length - 1)) / categories.length;
		const cols = Math.max(1, Math.floor((boxW - 2 * PAD + TILE_GAP) / (TILE_W + TILE_GAP)));
		const rowsOf = (n: number) => Math.max(1, Math.ceil(n / cols));
		// A category drawn in part gets one more tile's place: how many more there are.
		const places = (c: (typeof categories)[number]) =>
			c.tiles.length + ((c.total ?? 0) > c.tiles.length ? 1 : 0);
		const tallest = Math.max(...categories.map((c) => rowsOf(places(c))));
		const boxH = CATEGORY_HEAD + tallest * (TILE_H + TILE_GAP) + PAD;
		parts.push(
			`<text x='${MARGIN}' y='${y + 26}' font-size='24' font-weight='700' fill='${colour}'>${escapeXml(phase.label)}</text>`,
		);
		const top = y + PHASE_HEAD;
		categories.forEach((category, at) => {
			const x = MARGIN + at * (boxW + GAP);
			parts.push(
				`<rect x='${x.toFixed(1)}' y='${top}' width='${boxW.toFixed(1)}' height='${boxH}' rx='10' fill='#f6f7f9' stroke='${colour}' stroke-width='2'/>`,
				`<text x='${(x + PAD).toFixed(1)}' y='${top + 23}' font-size='15' font-weight='700' fill='#0f2742'>${escapeXml(category.label)} (${category.total ?? category.tiles.length})</text>`,
			);
			const more = (category.total ?? 0) - category.tiles.length;
			if (more > 0) {
				const i = category.tiles.length;
				const tx = x + PAD + (i % cols) * (TILE_W + TILE_GAP);
				const ty = top + CATEGORY_HEAD + Math.floor(i / cols) * (TILE_H + TILE_GAP);
				parts.push(
					`<text x='${Math.round(tx + 8)}' y='${ty + 23}' font-size='12' font-style='italic' fill='#4a5563'>and ${more} more</text>`,
				);
			}
			category.tiles.forEach(({ tool, also }, i) => {
				const tx = x + PAD + (i % cols) * (TILE_W + TILE_GAP);
				const ty = top + CATEGORY_HEAD + Math.floor(i / cols) * (TILE_H + TILE_GAP);
				parts.push(tileSvg(tool, also, Math.round(tx), ty, logoOf(tool)));
			});
		});
		y = top + boxH + GAP * 2;
	});
	const height = y + FOOTER;
	const svg =
		`<svg xmlns='http://www.w3.org/2000/svg' width='${PICTURE_WIDTH}' height='${height}' viewBox='0 0 ${PICTURE_WIDTH} ${height}' ${FONT} role='img' aria-labelledby='landscape-title'>` +
		`<title id='landscape-title'>${escapeXml(text.title)}</title>` +
		`<rect width='100%' height='100%' fill='#fff'/>` +
		`<text x='${MARGIN}' y='${MARGIN + 44}' font-size='40' font-weight='700' fill='#0f2742'>${escapeXml(text.title)}</text>` +
		`<text x='${MARGIN}' y='${MARGIN + 84}' font-size='20' fill='#4a5563'>${escapeXml(text.subtitle)}</text>` +
		parts.join('') +
		`<text x='${MARGIN}' y='${height - MARGIN + 4}' font-size='16' fill='#4a5563'>${escapeXml(text.credit)}</text>` +
		`</svg>`;
	return { svg, width: PICTURE_WIDTH, height };
}
