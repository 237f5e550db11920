import { forceLayout } from './force-layout.ts';
import { countsAsPartner, type Hub } from './graph.ts';
import type { Integration } from './types.ts';

/** The most tools the map draws: enough for the whole sample catalogue, readable on a phone. */
export const MAP_NODE_LIMIT = 150;
/** How many of the most connected tools get a text label on the map. */
export const MAP_LABELS = 12;
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 720;
const PADDING = 24;

export interface MapNode {
	id: number;
	partners: number;
	x: number;
	y: number;
	r: number;
	labelled: boolean;
}

export interface MapLayout {
	nodes: MapNode[];
	/** Pairs of indexes into `nodes`. */
	edges: [number, number][];
	/** How many tools have a partner at all (the map may show fewer). */
	connectedTools: number;
}

const radius = (partners: number) => Math.min(18, 3.5 + 2 * Math.sqrt(partners));
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Lays out the most connected part of the graph with d3-force, run for a fixed number of ticks
 * from d3's deterministic start (phyllotaxis positions, seeded random source), so the same data
 * always gives the same picture. Its cost depends on `limit`, not on the catalogue size.
 */
export function layoutMap(
	hubs: readonly Hub[],
	integrations: readonly Integration[],
	limit = MAP_NODE_LIMIT,
): MapLayout {
	const shown = hubs.slice(0, limit);
	const at = new Map(shown.map((hub, index) => [hub.id, index]));
	const edges: [number, number][] = [];
	for (const pair of integrations) {
		if (!countsAsPartner(pair)) continue;
		const a = at.get(pair.lowId);
		const b = at.get(pair.highId);
		if (a !== undefined && b !== undefined) edges.push([a, b]);
	}
	const radii = shown.map((hub) => radius(hub.partners));
	const positions = forceLayout(radii, edges, {
		width: MAP_WIDTH,
		height: MAP_HEIGHT,
		padding: PADDING,
		linkDistance: 36,
		charge: -70,
		pull: { x: 0.06, y: 0.08 },
		maxScale: 3,
	});
	const nodes = shown.map((hub, index) => ({
		id: hub.id,
		partners: hub.partners,
		...positions[index],
		r: round(radii[index]),
		labelled: index < MAP_LABELS,
	}));
	return { nodes, edges, connectedTools: hubs.length };
}
