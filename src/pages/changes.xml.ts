import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { SITE_NAME } from '../consts.ts';
import { changeTitle } from '../features/changes/changes.ts';
import { newestChanges } from '../features/changes/data.server.ts';
import { paths } from '../lib/paths.ts';

/**
 * The newest changes to the published data, newest first, each linking to its line on /changes/
 * (its `id="change-N"`). The link is absolute: given a path, @astrojs/rss adds a trailing slash
 * after the fragment (`#change-N/`), an anchor no page has (record 0027).
 */
export async function GET(context: APIContext) {
	const { changes } = await newestChanges();
	return rss({
		title: `${SITE_NAME}: what changed`,
		description: `Every change to ${SITE_NAME}'s published data: tools, facts and integrations.`,
		site: context.site!,
		items: changes.map((change) => ({
			title: changeTitle(change),
			link: new URL(`${paths.changes}#change-${change.id}`, context.site).href,
			pubDate: change.at,
		})),
		customData: '<language>en</language>',
	});
}
