import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { SITE_NAME } from '../../lib/site.ts';
import { checkLinks, type LinkAnswer } from '../links/check-link.server.ts';
import { type LinkCheckStore, type LinkRecord, openLinkCheckStore } from '../links/store.server.ts';
import type { EditorContext } from './cli.ts';
import { table } from './format.ts';
import { plural } from '../../lib/text.ts';

// `npm run editor -- check-links [--concurrency N]` and `check-links --report`: every address
// the site links to, requested and kept with the date. It only reports: what a page shows
// changes only when an editor acts on it. Exit codes follow cli.ts (EXIT): 0 every link
// answered, 2 usage, 3 no check yet (--report), 8 links to look at, 130 stopped.

type Command = (args: string[], ctx: EditorContext) => Promise<number>;

/** Some links are broken or moved: an editor should look (the check itself went fine). */
const LINKS_TO_LOOK_AT = 8;

/** This many addresses without a single HTTP answer means no network, not dead links. */
const OFFLINE_AFTER = 5;

class LinkUsage extends Error {}

function options(args: string[]) {
	try {
		return parseArgs({
			args,
			options: { report: { type: 'boolean' }, concurrency: { type: 'string' } },
			allowPositionals: false,
			strict: true,
		}).values;
	} catch (error) {
		throw new LinkUsage((error as Error).message);
	}
}

async function withStore<T>(ctx: EditorContext, run: (store: LinkCheckStore) => Promise<T>) {
	const store = openLinkCheckStore(ctx.config);
	try {
		return await run(store);
	} finally {
		await store.close();
	}
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The broken and moved links, oldest failure first, and what an editor can do about them. */
function needingALook(ctx: EditorContext, links: LinkRecord[]): number {
	const failing = links.filter((link) => link.status === 'broken' || link.status === 'moved');
	if (!failing.length) {
		ctx.out('Every link answered at its last check.');
		return 0;
	}
	const rows = failing.map((link) => [
		link.status!,
		`${day(link.firstSeenFailing!)} (${plural(link.failedChecks, 'check')})`,
		link.url,
		link.status === 'moved' ? (link.finalUrl ?? '') : (link.detail ?? ''),
		link.usedBy.join('; '),
	]);
	const lines = table(
		['STATUS', 'FAILING SINCE', 'URL', 'NOW AT / ANSWER', 'USED BY'],
		rows,
		[6, 24, 50, 64, 70],
	);
	ctx.out(lines[0]);
	ctx.out(lines[1]);
	lines
		.slice(2)
		.forEach((line, index) =>
			ctx.out(ctx.paint(failing[index].status === 'broken' ? 'red' : 'yellow', line)),
		);
	const moved = failing.filter((link) => link.status === 'moved').length;
	ctx.out(
		`${failing.length - moved} broken, ${moved} moved (a move to another site is often an acquisition).`,
	);
	ctx.out(
		ctx.paint(
			'dim',
			'Nothing on the site changes until an editor does: read the page, then `edit <tool id> --url <address>`, `unpublish <tool id>`, or `link <tool> <tool> --replace --source <url> --kind …`.',
		),
	);
	return LINKS_TO_LOOK_AT;
}

const report = (ctx: EditorContext) =>
	withStore(ctx, async (store) => {
		const links = await store.links();
		const checked = links.filter((link) => link.checkedAt).length;
		if (!checked) {
			ctx.err('No check yet: run `npm run editor -- check-links` first.');
			return 3;
		}
		const last = Math.max(...links.map((link) => link.checkedAt?.getTime() ?? 0));
		ctx.out(`Last checked ${new Date(last).toISOString()}.`);
		if (checked < links.length)
			ctx.out(
				`${links.length - checked} of ${links.length} links are new since the last check and not checked yet.`,
			);
		return needingALook(ctx, links);
	});

const check = (ctx: EditorContext, concurrency: number) =>
	withStore(ctx, async (store) => {
		const urls = (await store.links()).map((link) => link.url);
		if (!urls.length) {
			ctx.out('The site links to no address yet.');
			return 0;
		}
		const timeoutMs = ctx.config.outboundTimeoutMs;
		ctx.out(
			`Checking ${urls.length} links, ${concurrency} sites at a time, up to ${timeoutMs / 1000} s each…`,
		);
		const stop = new AbortController();
		const onInterrupt = () => {
			if (stop.signal.aborted) process.exit(130);
			ctx.err('Stopping after the requests under way (Ctrl+C again to quit at once)…');
			stop.abort();
		};
		process.on('SIGINT', onInterrupt);
		process.on('SIGTERM', onInterrupt);
		const bar = new cliProgress.SingleBar(
			{ format: 'Checking |{bar}| {value}/{total} · {moved} moved · {broken} broken' },
			cliProgress.Presets.shades_classic,
		);
		const answers: LinkAnswer[] = [];
		const count = { ok: 0, moved: 0, broken: 0 };
		const started = Date.now();
		bar.start(urls.length, 0, count);
		try {
			await checkLinks(
				urls,
				{
					timeoutMs,
					concurrency,
					stop: stop.signal,
					userAgent: `${SITE_NAME} link check (+${ctx.siteUrl})`,
					policy: { allowLoopback: ctx.config.outboundAllowLoopback },
				},
				(answer) => {
					answers.push(answer);
					count[answer.status]++;
					bar.update(answers.length, count);
				},
			);
		} finally {
			bar.stop();
			process.off('SIGINT', onInterrupt);
			process.off('SIGTERM', onInterrupt);
		}
		// Not one server answered: the machine is offline (or its DNS is), not the whole web.
		// (An address refused as private or loopback is not a failure to reach the web.)
		if (
			answers.length >= OFFLINE_AFTER &&
			answers.every((a) => a.httpStatus === null && !a.detail?.startsWith('refused:'))
		) {
			ctx.err(
				`None of the ${answers.length} addresses answered (${answers[0].detail}, …): this machine looks offline. Nothing was recorded.`,
			);
			return 1;
		}
		await store.record(answers);
		const refused = answers.filter((a) => a.status === 'ok' && a.detail).length;
		ctx.out(
			`Checked ${answers.length} of ${urls.length} links in ${Math.round((Date.now() - started) / 1000)} s: ${count.ok} ok${refused ? ` (${refused} of them refuse automated checks)` : ''}, ${count.moved} moved, ${count.broken} broken.`,
		);
		if (answers.length < urls.length) {
			ctx.out('Stopped. Run `npm run editor -- check-links` again to check them all.');
			return 130;
		}
		await store.prune();
		return needingALook(ctx, await store.links());
	});

/** The editor commands this file adds (scripts/editor.ts looks them up after commands.ts's). */
export const linkCommands: Record<string, Command> = {
	'check-links': async (args, ctx) => {
		try {
			const values = options(args);
			if (values.report) {
				if (values.concurrency !== undefined)
					throw new LinkUsage('--report reads the last results; --concurrency goes with a check');
				return await report(ctx);
			}
			const concurrency = Number(values.concurrency ?? 8);
			if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
				throw new LinkUsage('--concurrency: how many sites to check at once, 1 to 64');
			return await check(ctx, concurrency);
		} catch (error) {
			if (!(error instanceof LinkUsage)) throw error;
			ctx.err(`Error: ${error.message}`);
			ctx.err('Run `npm run editor -- --help` for usage.');
			return 2;
		}
	},
};
