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

const TICKS = 300;

export interface ForceSettings {
	width: number;
	height: number;
	padding: number;
	linkDistance: number;
	charge: number;
	/** Weak pulls to the centre keep tools outside the main cluster on the canvas. */
	pull: { x: number; y: number };
	/** The most the layout is scaled up to fill the canvas. */
	maxScale: number;
	/** A node held at the centre (a tool page's own tool), if any. */
	centre?: number;
}

interface SimNode extends SimulationNodeDatum {
	index: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Positions for nodes of the given radii joined by `edges` (pairs of indexes), laid out with
 * d3-force for a fixed number of ticks from d3's deterministic start (phyllotaxis positions,
 * seeded random source) and fitted to the canvas, rounded to 0.1: the same input always gives
 * the same picture. Its cost depends on the number of nodes and edges only.
 */
export function forceLayout(
	radii: readonly number[],
	edges: readonly [number, number][],
	settings: ForceSettings,
): { x: number; y: number }[] {
	const { width, height, padding } = settings;
	const simNodes: SimNode[] = radii.map((_, index) =>
		index === settings.centre ? { index, fx: 0, fy: 0 } : { index },
	);
	const links: SimulationLinkDatum<SimNode>[] = edges.map(([source, target]) => ({
		source,
		target,
	}));
	forceSimulation(simNodes)
		.force('link', forceLink(links).distance(settings.linkDistance))
		.force('charge', forceManyBody().strength(settings.charge))
		.force(
			'collide',
			forceCollide<SimNode>((node) => radii[node.index] + 3),
		)
		.force('x', forceX(0).strength(settings.pull.x))
		.force('y', forceY(0).strength(settings.pull.y))
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
		(width - 2 * padding) / Math.max(1, maxX - minX),
		(height - 2 * padding) / Math.max(1, maxY - minY),
		settings.maxScale,
	);
	const offsetX = (width - scale * (maxX - minX)) / 2;
	const offsetY = (height - scale * (maxY - minY)) / 2;
	return xs.map((x, index) => ({
		x: round(offsetX + scale * (x - minX)),
		y: round(offsetY + scale * (ys[index] - minY)),
	}));
}
