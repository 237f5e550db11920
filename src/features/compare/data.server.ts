import { liveTools, type Tool } from '../../lib/catalogue.server.ts';
import { factsByTool } from '../facts/data.server.ts';
import type { ToolFacts } from '../facts/facts.ts';
import { integrationData } from '../integrations/data.server.ts';
import { paths } from '../../lib/paths.ts';
import { compareToolFiles, factLayout } from './files.server.ts';
import { compareModel, deservesAPage } from './model.ts';
import { type ComparePair, comparePairs, pairPath, toolSlugs } from './pairs.ts';

/** The "A vs B" pages of a build, and what each tool page links to. */
export interface CompareData {
	toolsById: Map<number, Tool>;
	facts: Map<number, ToolFacts>;
	/** Each tool's partners' ids. */
	partnerIds: Map<number, number[]>;
	slugs: Map<number, string>;
	pairs: (ComparePair & { path: string; reversePath: string })[];
	/**
	 * Related pairs whose comparison says too little for a page of their own (model.ts,
	 * `deservesAPage`): both their addresses lead to the compare page on the two tools instead.
	 */
	toCompare: { paths: [string, string]; to: string }[];
	/** Each tool's vs pages: the other tool and the page. */
	byTool: Map<number, { other: number; path: string }[]>;
}

let once: Promise<CompareData> | undefined;

export function compareData(): Promise<CompareData> {
	once ??= (async () => {
		const tools = await liveTools();
		const facts = await factsByTool();
		const { partners, toolsById } = await integrationData();
		const partnerIds = new Map(
			[...partners].map(([id, list]) => [id, list.map((partner) => partner.id)]),
		);
		const slugs = toolSlugs(tools);
		const related = comparePairs({ tools, facts, partners: partnerIds }).map((pair) => ({
			...pair,
			path: pairPath(slugs.get(pair.a)!, slugs.get(pair.b)!),
			reversePath: pairPath(slugs.get(pair.b)!, slugs.get(pair.a)!),
		}));
		// One verdict per pair, on the comparison the page would show: a page, or both addresses
		// to the compare page.
		const files = await compareToolFiles();
		const { page = [], none = [] } = Object.groupBy(related, (pair) =>
			deservesAPage(compareModel([files.get(pair.a)!, files.get(pair.b)!], factLayout, false), 2)
				? 'page'
				: 'none',
		);
		const pairs = page;
		const toCompare = none.map((pair) => ({
			paths: [pair.path, pair.reversePath] as [string, string],
			to: paths.compareTools([pair.a, pair.b]),
		}));
		const byTool = new Map<number, { other: number; path: string }[]>();
		for (const pair of pairs)
			for (const [self, other] of [
				[pair.a, pair.b],
				[pair.b, pair.a],
			]) {
				const list = byTool.get(self) ?? [];
				list.push({ other, path: pair.path });
				byTool.set(self, list);
			}
		return { toolsById, facts, partnerIds, slugs, pairs, toCompare, byTool };
	})();
	return once;
}
