import { forceLayout } from './force-layout.ts';
import type { MapNode } from './map-layout.ts';
import {
	CATEGORY_COLOURS,
	escapeXml,
	LABEL_SIZES,
	labelGroups,
	type MapTool,
	shorten,
} from './map-svg.ts';

/** The most partners a tool's neighbourhood draws: its most connected ones. */
export const NEIGHBOURHOOD_LIMIT = 24;
/** Up to this many partners, a ring, without a simulation. */
const STAR_UP_TO = 6;
/** Up to this many partners, every one is labelled; beyond, the most connected ones. */
const LABELS = 10;
export const NEIGHBOURHOOD_WIDTH = 480;
export const NEIGHBOURHOOD_HEIGHT = 400;

/** A node of the drawing: the same shape as the map's. */
export type NeighbourNode = MapNode;

export interface Neighbourhood {
	/** The tool itself first, then the partners drawn, most connected first. */
	nodes: NeighbourNode[];
	/** Links among the partners (indexes into `nodes`); every partner is also linked to node 0. */
	links: [number, number][];
	/** How many partners the tool has (the drawing may show fewer). */
	totalPartners: number;
}

const radius = (partners: number) => Math.min(14, 4 + 1.6 * Math.sqrt(partners));
const round = (value: number) => Math.round(value * 10) / 10;

/** The tool at the centre and `partners` on a ring around it, evenly, the first to the right. */
function star(partners: number): { x: number; y: number }[] {
	const [cx, cy] = [NEIGHBOURHOOD_WIDTH / 2, NEIGHBOURHOOD_HEIGHT / 2];
	const ring = Math.min(cx, cy) - 60;
	return [
		{ x: cx, y: cy },
		...Array.from({ length: partners }, (_, at) => {
			const angle = (2 * Math.PI * at) / partners;
			return { x: round(cx + ring * Math.cos(angle)), y: round(cy + ring * Math.sin(angle)) };
		}),
	];
}

/**
 * A tool and its most connected partners, with the links among those partners, laid out like
 * the map (force-layout.ts) with the tool held at the centre. `partnerIds` in catalogue order
 * (ties keep it); `linked` answers whether two tools connect. Its cost depends on `limit`, not
 * on how many partners the tool or its partners have.
 */
export function layoutNeighbourhood(
	toolId: number,
	partnerIds: readonly number[],
	partnersOf: (id: number) => number,
	linked: (a: number, b: number) => boolean,
	limit = NEIGHBOURHOOD_LIMIT,
): Neighbourhood {
	const shown = partnerIds
		.map((id, at) => ({ id, at, partners: partnersOf(id) }))
		.sort((a, b) => b.partners - a.partners || a.at - b.at)
		.slice(0, limit);
	const ids = [toolId, ...shown.map((partner) => partner.id)];
	const links: [number, number][] = [];
	for (let a = 1; a < ids.length; a++)
		for (let b = a + 1; b < ids.length; b++) if (linked(ids[a], ids[b])) links.push([a, b]);
	const spokes = shown.map((_, at): [number, number] => [0, at + 1]);
	const radii = [14, ...shown.map((partner) => radius(partner.partners))];
	// A few partners, or none linked with another: a ring around the tool, which is about what
	// the forces settle on, drawn directly (most tools have a partner or two, and a simulation
	// costs a millisecond or more a page).
	const positions =
		links.length && shown.length > STAR_UP_TO
			? forceLayout(radii, [...spokes, ...links], {
					width: NEIGHBOURHOOD_WIDTH,
					height: NEIGHBOURHOOD_HEIGHT,
					padding: 20,
					linkDistance: 90,
					charge: -160,
					pull: { x: 0.04, y: 0.06 },
					maxScale: 1.5,
					centre: 0,
				})
			: star(shown.length);
	const nodes = ids.map((id, index) => ({
		id,
		partners: index === 0 ? partnerIds.length : shown[index - 1].partners,
		...positions[index],
		r: round(radii[index]),
		labelled: index <= LABELS,
	}));
	return { nodes, links, totalPartners: partnerIds.length };
}

/**
 * The neighbourhood as static SVG: a line from the tool to each partner, a stronger line
 * between partners that work with each other, each tool a link named for screen readers.
 */
export function neighbourhoodSvg(
	layout: Neighbourhood,
	toolOf: (id: number) => MapTool,
	titleId: string,
): string {
	const { nodes } = layout;
	const path = (pairs: [number, number][]) =>
		pairs.map(([a, b]) => `M${nodes[a].x} ${nodes[a].y}L${nodes[b].x} ${nodes[b].y}`).join('');
	const spokes = path(nodes.slice(1).map((_, at): [number, number] => [0, at + 1]));
	const alsoWith = new Map<number, string[]>();
	for (const [a, b] of layout.links) {
		alsoWith.set(a, [...(alsoWith.get(a) ?? []), toolOf(nodes[b].id).name]);
		alsoWith.set(b, [...(alsoWith.get(b) ?? []), toolOf(nodes[a].id).name]);
	}
	const circles = nodes
		.map((node, index) => {
			const tool = toolOf(node.id);
			const others = alsoWith.get(index);
			const name = escapeXml(
				index === 0
					? `${tool.name}: works with ${node.partners}`
					: `${tool.name}: works with ${node.partners}${others ? `, here also with ${others.join(', ')}` : ''}`,
			);
			const ring = index === 0 ? ' class="neighbourhood__self"' : '';
			return `<a href="${escapeXml(tool.href)}" aria-label="${name}"><title>${name}</title><circle${ring} cx="${node.x}" cy="${node.y}" r="${node.r}" fill="${CATEGORY_COLOURS.get(tool.category)}"/></a>`;
		})
		.join('');
	// The tool itself first, then its most connected partners; every dot is an obstacle.
	const labels = labelGroups(
		nodes.map((node) => ({
			...node,
			text: node.labelled ? shorten(toolOf(node.id).name, 22) : undefined,
		})),
		LABEL_SIZES.neighbourhood,
		NEIGHBOURHOOD_WIDTH,
		NEIGHBOURHOOD_HEIGHT,
	);
	return (
		`<svg class="integration-map__svg neighbourhood__svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${NEIGHBOURHOOD_WIDTH} ${NEIGHBOURHOOD_HEIGHT}" role="group" aria-labelledby="${titleId}">` +
		`<path class="integration-map__edges" d="${spokes}" fill="none"/>` +
		`<path class="neighbourhood__links" d="${path(layout.links)}" fill="none"/>` +
		`<g class="integration-map__nodes">${circles}</g>` +
		`${labels}</svg>`
	);
}
