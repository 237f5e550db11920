/**
 * What each category's tools can do, as lists: for each capability of a category, the tools of
 * that category (or that also do its job) whose vendor states they offer it. The category page's
 * "What it does" links and the pre-rendered page per capability (`/category/estimating/
 * assemblies/`) read these; a tool whose capability is unknown is never listed: unknown is not
 * "no".
 */
import type { CategorySlug } from '../../lib/categories.ts';
import { CATEGORY_CAPABILITIES, type CapabilityKey, isCapabilityKey } from './capabilities.ts';
import type { ToolFacts } from './facts.ts';

interface ListedTool {
	id: number;
	category: CategorySlug;
}

export interface CapabilityList<T extends ListedTool> {
	capability: CapabilityKey;
	/** In the order given (the catalogue's, by name). */
	tools: T[];
}

/** Whether a tool's vendor states it does this job, or its category is this one. */
const inCategory = (tool: ListedTool, slug: CategorySlug, facts: ToolFacts | undefined) =>
	tool.category === slug || (facts?.also_does?.value.includes(slug) ?? false);

/** Each capability of `slug` with the tools stated to offer it (empty lists too). */
export function capabilityLists<T extends ListedTool>(
	slug: CategorySlug,
	tools: readonly T[],
	facts: ReadonlyMap<number, ToolFacts>,
): CapabilityList<T>[] {
	const here = tools.filter((tool) => inCategory(tool, slug, facts.get(tool.id)));
	return CATEGORY_CAPABILITIES[slug].map((capability) => ({
		capability,
		tools: here.filter((tool) => facts.get(tool.id)?.[capability]?.value[0] === 'yes'),
	}));
}

/** A capability as the market map's filter token value and address value (`takeoff-2d`). */
export const capabilitySlug = (key: CapabilityKey) => key.replaceAll('_', '-');

/**
 * What a tool's vendor states it does, as the market map's filter tokens (`does:takeoff-2d`),
 * beside the fact filters' tokens: only the map carries them, so the home page's cards stay small.
 */
export function capabilityTokens(facts: ToolFacts | undefined): string[] {
	if (!facts) return [];
	return (Object.keys(facts) as (keyof ToolFacts)[])
		.filter((key) => isCapabilityKey(key) && facts[key]?.value[0] === 'yes')
		.map((key) => `does:${capabilitySlug(key as CapabilityKey)}`);
}

/**
 * The map's "What it does" filter: per category, its capabilities some tool is stated to offer,
 * each once (under the first category that lists it), with how many tools and the page listing
 * them (the way without JavaScript).
 */
export function capabilityFilterGroups<T extends ListedTool>(
	categories: readonly CategorySlug[],
	tools: readonly T[],
	facts: ReadonlyMap<number, ToolFacts>,
) {
	const seen = new Set<CapabilityKey>();
	return categories
		.map((slug) => ({
			slug,
			options: capabilityLists(slug, tools, facts).filter(
				(list) => list.tools.length > 0 && !seen.has(list.capability) && seen.add(list.capability),
			),
		}))
		.filter((group) => group.options.length > 0);
}
