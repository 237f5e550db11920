// What every editor command file shares (commands.ts, integrations.ts, newsletter.ts): the
// context a command runs in, exit codes, option parsing and the rebuild that follows a change.
// It imports none of them, so they import it and not each other.
import { parseArgs } from 'node:util';
import type { Config } from '../../lib/config.server.ts';
import type { Mailer } from '../../lib/mail.server.ts';
import type { ServerAddress } from '../../server/releases.ts';
import type { Style } from './format.ts';
import type { EditorStore } from './types.ts';

/** Exit codes scripts can rely on (also listed in `--help`). */
export const EXIT = {
	ok: 0,
	failure: 1,
	usage: 2,
	notFound: 3,
	conflict: 4,
	config: 5,
	rebuildFailed: 6,
	notifyFailed: 7,
} as const;

/**
 * How a change reaches the site: a Netlify build hook (the deploy follows minutes later), or a
 * release published here for the `npm start` serving this checkout, if one runs.
 */
export type SiteSetup =
	{ kind: 'hook' } | { kind: 'local'; server: () => ServerAddress | null; releasesDir: string };

/** `triggered` the hook or published a release; `joined` another rebuild; `not_served`: no npm start runs. */
export type RebuildResult = 'triggered' | 'joined' | 'not_served';

export interface EditorContext {
	/** The editor's configuration (`loadConfig('editor')`), for commands that need more than the below. */
	config: Config;
	store: EditorStore;
	mailer: Mailer;
	/** SITE_URL, Netlify's URL, or the address the local `npm start` announced. */
	siteUrl: string;
	site: SiteSetup;
	/** Whether a page of the site answers (null) or why not: notices wait for a live page. */
	isLive: (url: string) => Promise<string | null>;
	rebuild: (reason: string) => Promise<RebuildResult>;
	out: (line: string) => void;
	err: (line: string) => void;
	paint: (style: Style, text: string) => string;
}

export class UsageError extends Error {}

export function options<T extends Record<string, { type: 'string' | 'boolean' }>>(
	args: string[],
	spec: T,
) {
	try {
		return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
}

/** What the rebuild did, in the words of the setup it ran in. */
function rebuilt(ctx: EditorContext, result: RebuildResult): string {
	if (ctx.site.kind === 'hook')
		return result === 'joined'
			? 'Rebuild already under way with this change.'
			: ctx.paint('green', 'Rebuild triggered: Netlify deploys the site in a few minutes.');
	if (result === 'not_served')
		return 'No `npm start` is running for this site, so nothing was rebuilt: the change is saved, and the next `npm start` builds it.';
	if (result === 'joined') return 'Another editor’s rebuild is publishing this change.';
	const server = ctx.site.server();
	return ctx.paint(
		'green',
		`Rebuilt: ${server ? `the site at ${server.siteUrl}` : '`npm start`'} serves the change now.`,
	);
}

/** Rebuilds after a change and says what happened; a failed rebuild leaves the change saved (exit 6). */
export async function rebuildAfter(ctx: EditorContext, reason: string): Promise<number> {
	try {
		ctx.out(rebuilt(ctx, await ctx.rebuild(reason)));
		return EXIT.ok;
	} catch (error) {
		ctx.err(ctx.paint('red', `${(error as Error).message}`));
		ctx.err(
			'The change itself is saved. Run `npm run editor -- rebuild` to try the rebuild again.',
		);
		return EXIT.rebuildFailed;
	}
}
