import {
	forceCollide,
	forceLink,
	forceManyBody,
	forceSimulation,
	forceX,
	forceY,
	type SimulationLinkDatum,
	type SimulationNodeDatum,
} from 'd3-force';
import { countsAsPartner, type Hub } from './graph.ts';
import type { Integration } from './types.ts';

/** The most tools the map draws: enough for the whole sample catalogue, readable on a phone. */
export const MAP_NODE_LIMIT = 150;
/** How many of the most connected tools get a text label on the map. */
export const MAP_LABELS = 12;
const TICKS = 300;
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

interface SimNode extends SimulationNodeDatum {
	index: number;
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
	const simNodes: SimNode[] = shown.map((_, index) => ({ index }));
	const links: SimulationLinkDatum<SimNode>[] = edges.map(([source, target]) => ({
		source,
		target,
	}));
	forceSimulation(simNodes)
		.force('link', forceLink(links).distance(36))
		.force('charge', forceManyBody().strength(-70))
		.force(
			'collide',
			forceCollide<SimNode>((node) => radius(shown[node.index].partners) + 3),
		)
		// Weak pulls to the centre keep tools outside the main cluster on the canvas.
		.force('x', forceX(0).strength(0.06))
		.force('y', forceY(0).strength(0.08))
		.stop()
		.tick(TICKS);
	const xs = simNodes.map((node) => node.x ?? 0);
	const ys = simNodes.map((node) => node.y ?? 0);
	const [minX, maxX, minY, maxY] = [
		Math.min(...xs),
		Math.max(...xs),
		Math.min(...ys),
		Math.max(...ys),
	];
	const scale = Math.min(
		(MAP_WIDTH - 2 * PADDING) / Math.max(1, maxX - minX),
		(MAP_HEIGHT - 2 * PADDING) / Math.max(1, maxY - minY),
		3,
	);
	const offsetX = (MAP_WIDTH - scale * (maxX - minX)) / 2;
	const offsetY = (MAP_HEIGHT - scale * (maxY - minY)) / 2;
	const nodes = shown.map((hub, index) => ({
		id: hub.id,
		partners: hub.partners,
		x: round(offsetX + scale * (xs[index] - minX)),
		y: round(offsetY + scale * (ys[index] - minY)),
		r: round(radius(hub.partners)),
		labelled: index < MAP_LABELS,
	}));
	return { nodes, edges, connectedTools: hubs.length };
}
