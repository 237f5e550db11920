import { z } from 'zod';
import { CATEGORY_SLUGS, type CategorySlug } from './categories.ts';
import { loadConfig } from './config.server.ts';
import { openCatalogueReader } from './store/index.server.ts';
import type { ToolRow } from './store/types.ts';
import { webAddress } from './addresses.ts';

/** A live tool as the site renders it: validated, with a URL that is safe to link to. */
export interface Tool {
	id: number;
	name: string;
	description: string;
	url: string;
	category: CategorySlug;
	publishedAt: Date | null;
}

const toolSchema = z.object({
	id: z.coerce.number().int().positive(),
	name: z.string().trim().min(1, 'has no name').max(100),
	description: z
		.string()
		.nullish()
		.transform((value) => value?.trim() ?? ''),
	url: z
		.string()
		.refine((value) => webAddress(value) !== null, 'has a URL that is not http(s) or not public'),
	category: z.enum(CATEGORY_SLUGS as [CategorySlug, ...CategorySlug[]], 'has an unknown category'),
	published_at: z.coerce.date().nullish(),
});

/**
 * Turns database rows into tools, leaving out (with a warning naming the row) any row
 * the site cannot show safely, so one bad row never breaks the build.
 */
export function parseTools(
	rows: ToolRow[],
	warn: (message: string) => void = console.warn,
): Tool[] {
	const tools: Tool[] = [];
	for (const row of rows) {
		const result = toolSchema.safeParse(row);
		if (!result.success) {
			const label = `construction_apps row id=${String(row.id)} name=${JSON.stringify(row.name ?? null)}`;
			const reasons = result.error.issues.map((issue) => issue.message).join('; ');
			warn(`[catalogue] left out ${label}: ${reasons}`);
			continue;
		}
		const { published_at, url, ...rest } = result.data;
		tools.push({ ...rest, url: webAddress(url)!.href, publishedAt: published_at ?? null });
	}
	return tools;
}

let liveToolsOnce: Promise<Tool[]> | undefined;

/** Every live tool, name order, read once per build however many pages ask. */
export function liveTools(): Promise<Tool[]> {
	liveToolsOnce ??= (async () => {
		const reader = await openCatalogueReader(loadConfig('build'));
		try {
			return parseTools(await reader.listLiveTools());
		} finally {
			await reader.close();
		}
	})();
	return liveToolsOnce;
}
