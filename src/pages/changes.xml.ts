import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { SITE_NAME } from '../consts.ts';
import { changeTitle } from '../features/changes/changes.ts';
import { newestChanges } from '../features/changes/data.server.ts';
import { paths } from '../lib/paths.ts';

/** The newest changes to the published data, newest first, each linking to its line on /changes/. */
export async function GET(context: APIContext) {
	const { changes } = await newestChanges();
	return rss({
		title: `${SITE_NAME}: what changed`,
		description: `Every change to ${SITE_NAME}'s published data: tools, facts and integrations.`,
		site: context.site!,
		items: changes.map((change) => ({
			title: changeTitle(change),
			link: `${paths.changes}#change-${change.id}`,
			pubDate: change.at,
		})),
		customData: '<language>en</language>',
	});
}
