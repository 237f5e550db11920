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
	const labels = layout.nodes
		.filter((node) => node.labelled)
		.map((node) => {
			const anchor = node.x > MAP_WIDTH * 0.75 ? 'end' : 'start';
			const dx = anchor === 'end' ? -(node.r + 3) : node.r + 3;
			return `<text x="${Math.round((node.x + dx) * 10) / 10}" y="${node.y + 4}" text-anchor="${anchor}">${escapeXml(shorten(toolOf(node.id).name))}</text>`;
		})
		.join('');
	return (
		`<svg class="integration-map__svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="group" aria-labelledby="${titleId}">` +
		`<path class="integration-map__edges" d="${edgePath}" fill="none"/>` +
		`<g class="integration-map__nodes">${nodes}</g>` +
		`<g class="integration-map__labels" aria-hidden="true">${labels}</g></svg>`
	);
}
