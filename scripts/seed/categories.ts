// The per-category research (supabase/research/categories/*.json, one file per category, the
// shape in FORMAT.md beside them): what each tool of a category can do, its pricing and other
// facts, its integrations, the construction software its partners' pages name that was not
// listed yet, and what was looked for where no integration was found. Both seed generators read
// it through this module: `seed:facts` with tool-facts.json, `seed:integrations` with
// integrations.json.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readResearch } from './seed-data.ts';
import { CATEGORY_SLUGS, type CategorySlug } from '../../src/lib/categories.ts';
import { webAddress } from '../../src/lib/addresses.ts';

export const CATEGORY_RESEARCH = 'supabase/research/categories';

const url = z.string().refine((value) => webAddress(value) !== null, 'is not a public http(s) URL');

const fact = z.object({
	fact: z.string(),
	values: z.array(z.string()),
	detail: z.string().nullish(),
	source: url,
	quote: z.string().trim().min(1).max(500),
});

const tool = z.object({
	tool: z.string().min(1),
	facts: z.array(fact).default([]),
	read: z.array(z.string()).default([]),
	rejected: z.array(z.object({ url: z.string(), why: z.string() })).default([]),
	searches: z.array(z.string()).default([]),
	partners_searched: z.string().trim().min(1).max(300).nullish(),
});

const newTool = z.object({
	name: z.string().trim().min(1).max(100),
	url,
	category: z.enum(CATEGORY_SLUGS as [CategorySlug, ...CategorySlug[]]),
	description: z.string().trim().min(20).max(200),
	source: url,
	quote: z.string().trim().min(1),
});

const file = z.object({
	category: z.enum(CATEGORY_SLUGS as [CategorySlug, ...CategorySlug[]]),
	verified_on: z.iso.date(),
	vocabulary: z.unknown().optional(),
	tools: z.array(tool).default([]),
	// Checked by seed:integrations against its own schema.
	integrations: z.array(z.record(z.string(), z.unknown())).default([]),
	new_tools: z.array(newTool).default([]),
});

export type CategoryFile = z.infer<typeof file>;
export type CategoryTool = z.infer<typeof tool> & { verified_on: string; category: CategorySlug };
export type NewTool = z.infer<typeof newTool>;

let files: CategoryFile[] | undefined;

/** Every category file, in category order. */
export function categoryFiles(): CategoryFile[] {
	files ??= readdirSync(CATEGORY_RESEARCH)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => readResearch(path.join(CATEGORY_RESEARCH, name), file));
	return files;
}

/** Each tool entry of the category files, with the day its file was read. */
export function categoryTools(): CategoryTool[] {
	return categoryFiles().flatMap((research) =>
		research.tools.map((entry) => ({
			...entry,
			verified_on: research.verified_on,
			category: research.category,
		})),
	);
}

/** The tools the research adds to the catalogue, once each (the first file naming one wins). */
export function newTools(): NewTool[] {
	const seen = new Set<string>();
	return categoryFiles()
		.flatMap((research) => research.new_tools)
		.filter((entry) => !seen.has(entry.name) && Boolean(seen.add(entry.name)));
}
