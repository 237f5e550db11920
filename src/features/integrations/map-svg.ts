import { CATEGORY_SLUGS, type CategorySlug } from '../../lib/categories.ts';
import { MAP_HEIGHT, MAP_WIDTH, type MapLayout } from './map-layout.ts';

/** One colour per category, each at least 3:1 against the white page (WCAG 1.4.11). */
const PALETTE = [
	'#1d4ed8',
	'#c2410c',
	'#15803d',
	'#b91c1c',
	'#7e22ce',
	'#8c564b',
	'#be185d',
	'#0f766e',
	'#4d7c0f',
	'#a16207',
	'#475569',
	'#1e3a8a',
];
export const CATEGORY_COLOURS = new Map<CategorySlug, string>(
	CATEGORY_SLUGS.map((slug, index) => [slug, PALETTE[index % PALETTE.length]]),
);

/** Text safe inside SVG markup and its attributes. */
export const escapeXml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
	);

/** A label cut to `max` characters with an ellipsis. */
export const shorten = (text: string, max = 26) =>
	text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The labels' type sizes, in the drawing's units, where the drawing is shown wide and on a phone
 * (integrations.css sets the same): labels are placed for each, and CSS shows one set.
 */
export const LABEL_SIZES = {
	map: { wide: 13, narrow: 28 },
	neighbourhood: { wide: 13, narrow: 16 },
} as const;

/** A label placed: its baseline's anchor point and alignment. */
export interface PlacedLabel {
	x: number;
	y: number;
	anchor: 'start' | 'end' | 'middle';
	text: string;
}

type Box = [left: number, top: number, right: number, bottom: number];
const meets = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Labels that never cover another label or any dot (record 0029): each node in the order given
 * (the most important first) gets the first of right, left, below or above its dot where its
 * text fits the drawing and meets nothing placed; a label with no such place is left out (the
 * list beside the drawing names every tool). A character is taken as 0.7 of the type size wide,
 * more than most sans-serif bold faces, so a label drawn in another font still fits its place.
 */
export function placeLabels(
	nodes: readonly { x: number; y: number; r: number; text?: string }[],
	size: number,
	width: number,
	height: number,
): PlacedLabel[] {
	const dots: Box[] = nodes.map(({ x, y, r }) => [x - r - 1, y - r - 1, x + r + 1, y + r + 1]);
	const taken: Box[] = [];
	const placed: PlacedLabel[] = [];
	const lineHeight = size * 1.2;
	for (const { x, y, r, text } of nodes) {
		if (!text) continue;
		const w = text.length * size * 0.7;
		const side = r + 3;
		const middle: Box = [x - w / 2, 0, x + w / 2, 0];
		const beside = (anchor: 'start' | 'end') => {
			const left = anchor === 'start' ? x + side : x - side - w;
			const box: Box = [left, y - lineHeight / 2, left + w, y + lineHeight / 2];
			const label: PlacedLabel = {
				x: anchor === 'start' ? x + side : x - side,
				y: y + size * 0.35,
				anchor,
				text,
			};
			return { box, label };
		};
		const below = {
			box: [middle[0], y + r + 2, middle[2], y + r + 2 + lineHeight] as Box,
			label: { x, y: y + r + 2 + size * 0.95, anchor: 'middle' as const, text },
		};
		const above = {
			box: [middle[0], y - r - 2 - lineHeight, middle[2], y - r - 2] as Box,
			label: { x, y: y - r - 2 - size * 0.25, anchor: 'middle' as const, text },
		};
		const sides =
			x < width * 0.6 ? [beside('start'), beside('end')] : [beside('end'), beside('start')];
		const choice = [...sides, below, above].find(
			({ box }) =>
				box[0] >= 0 &&
				box[1] >= 0 &&
				box[2] <= width &&
				box[3] <= height &&
				!dots.some((dot) => meets(box, dot)) &&
				!taken.some((other) => meets(box, other)),
		);
		if (!choice) continue;
		taken.push(choice.box);
		placed.push({
			...choice.label,
			x: Math.round(choice.label.x * 10) / 10,
			y: Math.round(choice.label.y * 10) / 10,
		});
	}
	return placed;
}

/** Both sets of labels (wide and narrow type), each its own group; CSS shows one. */
export function labelGroups(
	nodes: readonly { x: number; y: number; r: number; text?: string }[],
	sizes: { wide: number; narrow: number },
	width: number,
	height: number,
): string {
	const group = (which: 'wide' | 'narrow') =>
		`<g class="integration-map__labels integration-map__labels--${which}" aria-hidden="true">` +
		placeLabels(nodes, sizes[which], width, height)
			.map(
				(label) =>
					`<text x="${label.x}" y="${label.y}" text-anchor="${label.anchor}">${escapeXml(label.text)}</text>`,
			)
			.join('') +
		`</g>`;
	return group('wide') + group('narrow');
}

export interface MapTool {
	name: string;
	category: CategorySlug;
	href: string;
}

/**
 * The laid-out map as static SVG: one path for every connection, one link per tool (named for
 * screen readers and with a tooltip), the hubs labelled. Plain string building, so the same
 * layout always gives byte-for-byte the same SVG.
 */
export function mapSvg(layout: MapLayout, toolOf: (id: number) => MapTool, titleId: string) {
	const edgePath = layout.edges
		.map(([a, b]) => {
			const [from, to] = [layout.nodes[a], layout.nodes[b]];
			return `M${from.x} ${from.y}L${to.x} ${to.y}`;
		})
		.join('');
	const nodes = layout.nodes
		.map((node) => {
			const tool = toolOf(node.id);
			const name = escapeXml(`${tool.name}: works with ${node.partners}`);
			return `<a href="${escapeXml(tool.href)}" aria-label="${name}"><title>${name}</title><circle cx="${node.x}" cy="${node.y}" r="${node.r}" fill="${CATEGORY_COLOURS.get(tool.category)}"/></a>`;
		})
		.join('');
	// Every dot counts as an obstacle; the labelled ones (the hubs) are placed in order.
	const labels = labelGroups(
		layout.nodes.map((node) => ({
			...node,
			text: node.labelled ? shorten(toolOf(node.id).name) : undefined,
		})),
		LABEL_SIZES.map,
		MAP_WIDTH,
		MAP_HEIGHT,
	);
	return (
		`<svg class="integration-map__svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="group" aria-labelledby="${titleId}">` +
		`<path class="integration-map__edges" d="${edgePath}" fill="none"/>` +
		`<g class="integration-map__nodes">${nodes}</g>` +
		`${labels}</svg>`
	);
}
