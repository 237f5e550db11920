/**
 * The market map's content: every tool once in its own category and again, marked as a second
 * placement, in each category it also does (the `also_does` fact), categories grouped by phase.
 * Pure, so the page, the pictures and the tests all read the same arrangement.
 */
import { CATEGORIES, type CategorySlug } from '../../lib/categories.ts';
import { type Phase, PHASES } from './phases.ts';

export interface LandscapeTool {
	id: number;
	name: string;
	category: CategorySlug;
}

/** One tool in one category: `also` marks a second placement (a job it also does). */
export interface Tile<T extends LandscapeTool = LandscapeTool> {
	tool: T;
	also: boolean;
}

export interface LandscapeCategory<T extends LandscapeTool = LandscapeTool> {
	slug: CategorySlug;
	label: string;
	/** Its own tools first, then those that also do its job, each group in the order given. */
	tiles: Tile<T>[];
}

export interface LandscapePhase<T extends LandscapeTool = LandscapeTool> {
	phase: Phase;
	categories: LandscapeCategory<T>[];
}

/**
 * The map of `tools` (in the order to show them: the catalogue's name order); `alsoDoes` gives
 * a tool's documented other categories (unknown ones and its own are ignored).
 */
export function buildLandscape<T extends LandscapeTool>(
	tools: readonly T[],
	alsoDoes: (tool: T) => readonly string[],
): LandscapePhase<T>[] {
	const own = new Map<CategorySlug, Tile<T>[]>();
	const also = new Map<CategorySlug, Tile<T>[]>();
	const add = (into: Map<CategorySlug, Tile<T>[]>, slug: CategorySlug, tile: Tile<T>) => {
		const list = into.get(slug);
		if (list) list.push(tile);
		else into.set(slug, [tile]);
	};
	for (const tool of tools) {
		add(own, tool.category, { tool, also: false });
		for (const slug of new Set(alsoDoes(tool)))
			if (slug !== tool.category && CATEGORIES.has(slug as CategorySlug))
				add(also, slug as CategorySlug, { tool, also: true });
	}
	return PHASES.map((phase) => ({
		phase,
		categories: phase.categories.map((slug) => ({
			slug,
			label: CATEGORIES.get(slug)!.label,
			tiles: [...(own.get(slug) ?? []), ...(also.get(slug) ?? [])],
		})),
	}));
}

/** How many tiles a map holds (placements, not tools). */
export function tileCount(phases: readonly LandscapePhase[]): number {
	return phases.reduce(
		(sum, { categories }) => sum + categories.reduce((n, c) => n + c.tiles.length, 0),
		0,
	);
}

/**
 * Each category's tiles cut to its `perCategory` most connected tools (`partners`: connections
 * by tool id; ties in the order given), kept in the order given, with how many it has in all.
 */
export function mostConnected<T extends LandscapeTool>(
	phases: readonly LandscapePhase<T>[],
	partners: ReadonlyMap<number, number>,
	perCategory: number,
) {
	return phases.map((entry) => ({
		...entry,
		categories: entry.categories.map((category) => ({
			...category,
			total: category.tiles.length,
			tiles: category.tiles
				.map((tile, at) => ({ tile, at }))
				.sort(
					(a, b) =>
						(partners.get(b.tile.tool.id) ?? 0) - (partners.get(a.tile.tool.id) ?? 0) ||
						a.at - b.at,
				)
				.slice(0, perCategory)
				.sort((a, b) => a.at - b.at)
				.map(({ tile }) => tile),
		})),
	}));
}
