import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { liveTools } from '../../lib/catalogue.server.ts';
import { eachInBatches } from '../../lib/batches.ts';
import { loadConfig } from '../../lib/config.server.ts';
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '../../lib/categories.ts';
import { CATEGORY_CAPABILITIES } from '../facts/capabilities.ts';
import { paths } from '../../lib/paths.ts';
import { factsByTool } from '../facts/data.server.ts';
import {
	detailLink,
	type Fact,
	factText,
	inVocabularyOrder,
	type ToolFacts,
	valueLabel,
} from '../facts/facts.ts';
import { FACTS, type FactKey } from '../facts/vocabulary.ts';
import { integrationData } from '../integrations/data.server.ts';
import {
	type CompareLayout,
	type ComparePages,
	type CompareTool,
	compareFiles,
	type FactLayout,
	type NameEntry,
	PARTNERS_NAMED,
	type ShownFact,
	type ToolQuotes,
} from './files.ts';
import { toGaps } from './partner-ids.ts';
import { COMPARE_SECTIONS } from './rows.ts';

/** A fact in words, with its sources and their dates, as the island shows it. */
export function shownFact(key: FactKey, fact: Fact): ShownFact {
	const several = fact.sources.length > 1;
	const words = (values: readonly string[]) =>
		inVocabularyOrder(key, values)
			.map((value) => valueLabel(key, value))
			.join(', ');
	const docs = detailLink(key, fact);
	return {
		...(FACTS[key].capability && fact.detail
			? { text: factText(key, { ...fact, detail: null }), note: fact.detail }
			: { text: factText(key, { ...fact, value: inVocabularyOrder(key, fact.value) }) }),
		...(docs && { docs }),
		sources: fact.sources.map((source) => ({
			url: source.url,
			on: source.verifiedOn,
			...(several && { read: words(source.value) }),
			...(source.quote && { quote: source.quote }),
			...(source.origin === 'vendor' && { byVendor: true as const }),
		})),
	};
}

function shownFacts(facts: ToolFacts = {}): CompareTool['facts'] {
	return Object.fromEntries(
		Object.entries(facts).map(([key, fact]) => [key, shownFact(key as FactKey, fact)]),
	);
}

/**
 * A file's partners from their ids in name order: the first PARTNERS_NAMED by name; of the rest,
 * those with another partner as gaps between ids (partner-ids.ts), those whose one partner is
 * this tool as a count (they can never be shared, so the island needs no id for them).
 */
export function filePartners(
	ids: readonly number[],
	nameOf: (id: number) => string,
	partnerCountOf: (id: number) => number,
): Pick<CompareTool, 'partners' | 'morePartners' | 'onlyPartnerOf'> {
	const rest = ids.slice(PARTNERS_NAMED);
	const shareable = rest.filter((id) => partnerCountOf(id) > 1);
	const counted = rest.length - shareable.length;
	return {
		partners: ids.slice(0, PARTNERS_NAMED).map((id) => [id, nameOf(id)]),
		...(shareable.length > 0 && { morePartners: toGaps(shareable) }),
		...(counted > 0 && { onlyPartnerOf: counted }),
	};
}

let files: Promise<Map<number, CompareTool>> | undefined;

/**
 * Every live tool's compare file by id, built once per build from the catalogue, its facts and
 * its integrations: the files the island fetches, and what the "A vs B" pages compare.
 */
export function compareToolFiles(): Promise<Map<number, CompareTool>> {
	files ??= readCompareToolFiles();
	return files;
}

async function readCompareToolFiles(): Promise<Map<number, CompareTool>> {
	const tools = await liveTools();
	const facts = await factsByTool();
	const { partners, toolsById } = await integrationData();
	const files = tools.map((tool): CompareTool => {
		const own = partners.get(tool.id) ?? [];
		return {
			id: tool.id,
			name: tool.name,
			categorySlug: tool.category,
			facts: shownFacts(facts.get(tool.id)),
			...filePartners(
				own.map((partner) => partner.id),
				(id) => toolsById.get(id)!.name,
				(id) => partners.get(id)!.length,
			),
		};
	});
	return new Map(files.map((file) => [file.id, file]));
}

/**
 * A tool's file as the island fetches it, without its quotes (a source with none says
 * `unquoted`), and
 * the quotes apart: a comparison reads the table first and a quote only when a visitor opens
 * it, so four tools' quotes do not weigh on every comparison (record 0028).
 */
export function splitQuotes(tool: CompareTool): { file: CompareTool; quotes: ToolQuotes } {
	const quotes: ToolQuotes = {};
	const facts = Object.fromEntries(
		Object.entries(tool.facts).map(([key, fact]) => {
			quotes[key as FactKey] = fact.sources.map((source) => source.quote ?? null);
			return [
				key,
				{
					...fact,
					sources: fact.sources.map(({ quote, ...source }) => ({
						...source,
						...(!quote && { unquoted: true as const }),
					})),
				},
			];
		}),
	);
	return { file: { ...tool, facts }, quotes };
}

/** The addresses a comparison links to, as patterns (files.ts `ComparePages`). */
export const comparePages: ComparePages = {
	tool: paths.tool('{id}'),
	integrations: paths.integrations('{key}'),
	worksWith: paths.worksWith(''),
};

/**
 * A page per live tool's compare file and quotes file (`[id].json.ts`, `[id].quotes.json.ts`)
 * under `astro dev`. `astro build` lists none and writes them as files (writeCompareFiles), as
 * it does the logos: a route costs what a page costs to render (about 1.2 ms each, 20,000 of
 * them at 10,000 tools; record 0031).
 */
export async function compareFilePaths() {
	if (import.meta.env.PROD) {
		await writeCompareFiles();
		return [];
	}
	return [...(await compareToolFiles()).values()].map((tool) => ({
		params: { id: String(tool.id) },
		props: { tool },
	}));
}

let written: Promise<void> | undefined;

/**
 * Writes each live tool's compare file and quotes file into the directory astro.config.mjs
 * builds into (emptied by Astro before any page renders), with the bytes the routes answer with;
 * once per build, whichever of the two routes asks first.
 */
function writeCompareFiles(): Promise<void> {
	written ??= (async () => {
		const outDir = path.resolve(loadConfig('build').outDir);
		const tools = [...(await compareToolFiles()).values()];
		await mkdir(path.join(outDir, path.dirname(compareFiles.tool(0))), { recursive: true });
		await eachInBatches(tools, 32, (tool) => {
			const { file, quotes } = splitQuotes(tool);
			return Promise.all([
				writeFile(path.join(outDir, compareFiles.tool(tool.id)), JSON.stringify(file)),
				writeFile(path.join(outDir, compareFiles.quotes(tool.id)), JSON.stringify(quotes)),
			]);
		});
	})();
	return written;
}

/** The picker's index: ids and names only, so it stays small at any catalogue size. */
export async function compareNames(): Promise<NameEntry[]> {
	return (await liveTools()).map((tool) => [tool.id, tool.name]);
}

const capabilitySections = new Map<CategorySlug, FactLayout[number]>();

/** What a tool of `category` can do, as a section of rows: one object per category. */
export function capabilitySection(category: CategorySlug): FactLayout[number] {
	let section = capabilitySections.get(category);
	if (!section) {
		section = {
			heading: `What it does: ${CATEGORIES.get(category)!.label}`,
			facts: CATEGORY_CAPABILITIES[category].map((key) => ({ key, label: FACTS[key].label })),
		};
		capabilitySections.set(category, section);
	}
	return section;
}

/** The sections and fact labels of rows.ts and every category's capabilities, for the island. */
export const factLayout: CompareLayout = {
	common: COMPARE_SECTIONS.map((section) => ({
		heading: section.heading,
		facts: section.facts.map((key) => ({ key, label: FACTS[key].label })),
	})),
	capabilities: Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, capabilitySection(slug)])),
	categories: Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, CATEGORIES.get(slug)!.label])),
};
