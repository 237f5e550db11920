import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { SITE_DESCRIPTION, SITE_NAME } from '../consts.ts';
import { liveTools } from '../lib/catalogue.server';
import { CATEGORIES } from '../lib/categories.ts';
import { paths } from '../lib/paths.ts';

/** How many of the newest tools the feed carries (enough for a weekly digest). */
const FEED_SIZE = 50;

/** The newest live tools, newest first: feeds the weekly newsletter via any RSS-to-e-mail service. */
export async function GET(context: APIContext) {
	const newest = (await liveTools())
		.filter((tool) => tool.publishedAt)
		.sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.id - a.id)
		.slice(0, FEED_SIZE);
	return rss({
		title: `${SITE_NAME}: new tools`,
		description: SITE_DESCRIPTION,
		site: context.site!,
		items: newest.map((tool) => ({
			title: tool.name,
			link: paths.tool(tool.id),
			description: tool.description,
			pubDate: tool.publishedAt!,
			categories: [CATEGORIES.get(tool.category)!.label],
		})),
		customData: '<language>en</language>',
	});
}
