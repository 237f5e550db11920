import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createMailer, MailError, type Mailer } from '../../lib/mail.server.ts';
import { newsletterConfigOf } from '../newsletter/config.server.ts';
import { openNewsletterStore } from '../newsletter/deps.server.ts';
import type { Issue } from '../newsletter/issue.ts';
import { personalIssueMail, renderIssue } from '../newsletter/render.server.tsx';
import { siteInfoOf } from '../newsletter/site-info.ts';
import { type SendCounts, type SendReport, sendIssue } from '../newsletter/send.server.ts';
import { changeTitle } from '../changes/changes.ts';
import type { NewsletterStore } from '../newsletter/store.server.ts';
import type { EditorContext } from './cli.ts';
import { csvField, table } from './format.ts';
import { nounFor, plural } from '../../lib/text.ts';

// `npm run editor -- newsletter draft|preview|send` and `subscribers`: the weekly issue and
// the confirmed list. Exit codes follow commands.ts (EXIT): 2 usage, 3 nothing to act on,
// 5 configuration, 7 some messages failed.

type Command = (args: string[], ctx: EditorContext) => Promise<number>;

class NewsletterUsage extends Error {
	readonly exitCode = 2;
}

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(
	args: string[],
	spec: T,
) {
	try {
		return parseArgs({ args, options: spec, allowPositionals: false, strict: true });
	} catch (error) {
		throw new NewsletterUsage((error as Error).message);
	}
}

async function withStore<T>(
	ctx: EditorContext,
	run: (store: NewsletterStore) => Promise<T>,
): Promise<T> {
	const store = openNewsletterStore(ctx.config);
	try {
		return await run(store);
	} finally {
		await store.close();
	}
}

/** `--intro` is the introduction itself, or the path of a Markdown file holding it. */
async function introFrom(value: string | undefined): Promise<string> {
	if (!value) return '';
	if (/\.(md|markdown|txt)$/i.test(value)) {
		if (!existsSync(value)) throw new NewsletterUsage(`--intro: no file at ${value}`);
		return (await readFile(value, 'utf8')).trim();
	}
	return value.trim();
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function describe(issue: Issue): string {
	const tools = plural(issue.tools.length, 'new tool');
	const links = plural(issue.integrations.length, 'new integration');
	const count = issue.changes.length + issue.changesMore;
	const changes = `${plural(count, 'change')}${issue.changesMore ? ` (${issue.changes.length} shown)` : ''}`;
	const state = issue.sentAt ? `sent since ${issue.sentAt.toISOString()}` : 'draft';
	return `Issue #${issue.number} (${state}): ${tools}, ${links}, ${changes}, live between ${day(issue.coversFrom)} and ${day(issue.coversUntil)}`;
}

const site = (ctx: EditorContext) => ({
	config: newsletterConfigOf(ctx.config),
	info: siteInfoOf(ctx.config),
});

const draft: Command = async (args, ctx) => {
	const { values } = options(args, { intro: { type: 'string' } });
	const intro = await introFrom(values.intro);
	if (intro.length > 20_000) throw new NewsletterUsage('--intro: 20,000 characters at most');
	const issue = await withStore(ctx, (store) => store.draft(intro));
	ctx.out(describe(issue));
	for (const tool of issue.tools) ctx.out(`  + ${tool.name} (${tool.category})`);
	for (const link of issue.integrations)
		ctx.out(`  ↔ ${link.a.name} – ${link.b.name} (${link.kind})`);
	for (const change of issue.changes) ctx.out(`  · ${changeTitle(change)}`);
	if (issue.changesMore) ctx.out(`  · and ${issue.changesMore} more on /changes/`);
	ctx.out(
		ctx.paint('dim', 'Next: `npm run editor -- newsletter preview`, then `newsletter send`.'),
	);
	return 0;
};

const preview: Command = async (args, ctx) => {
	options(args, {});
	const issue = await withStore(ctx, (store) => store.currentIssue());
	if (!issue) {
		ctx.err('No issue yet: draft one with `npm run editor -- newsletter draft`.');
		return 3;
	}
	// A preview signs no link: it runs without NEWSLETTER_SECRET.
	const rendered = await renderIssue(issue, siteInfoOf(ctx.config));
	const mail = personalIssueMail(rendered, 'preview', '#unsubscribe-link-of-each-subscriber');
	const dir = path.resolve(ctx.config.newsletter.previewDir);
	await mkdir(dir, { recursive: true });
	const html = path.join(dir, `issue-${issue.number}.html`);
	const text = path.join(dir, `issue-${issue.number}.txt`);
	await writeFile(html, mail.html!);
	await writeFile(text, `Subject: ${mail.subject}\n\n${mail.text}\n`);
	ctx.out(describe(issue));
	ctx.out(`Subject: ${mail.subject}`);
	ctx.out(`HTML:  ${html}`);
	ctx.out(`Text:  ${text}`);
	ctx.out(`Open ${pathToFileURL(html).href} in a browser to see it as subscribers will.`);
	return 0;
};

const send: Command = async (args, ctx) => {
	const { values } = options(args, { retry: { type: 'boolean' }, rate: { type: 'string' } });
	const rate = rateOf(values.rate, ctx);
	const { config, info } = site(ctx);
	const mailer = createMailer(ctx.config.mail, {
		pool: true,
		ratePerSecond: rate,
		timeoutMs: ctx.config.outboundTimeoutMs,
	});
	const stop = new AbortController();
	const onInterrupt = () => {
		if (stop.signal.aborted) process.exit(130);
		ctx.err('Stopping after the messages under way (Ctrl+C again to quit at once)…');
		stop.abort();
	};
	process.on('SIGINT', onInterrupt);
	process.on('SIGTERM', onInterrupt);
	const bar = progressBar();
	try {
		return await withStore(ctx, async (store) => {
			const current = await store.currentIssue();
			if (!current) {
				ctx.err('No issue yet: draft one with `npm run editor -- newsletter draft`.');
				return 3;
			}
			// Log in before the issue is frozen or anyone claimed: a wrong password stops here.
			const refused = await loginRefused(mailer, ctx);
			if (refused !== undefined) return refused;
			const issue = await store.startSend(current.number);
			ctx.out(`${describe(issue)}, to ${mailer.destination}`);
			const rendered = await renderIssue(issue, info);
			const report = await sendIssue(store, mailer, config, issue.number, rendered, {
				retry: Boolean(values.retry),
				ratePerSecond: rate,
				concurrency: 8,
				retryBackoffMs: ctx.config.newsletter.retryBackoffMs,
				signal: stop.signal,
				progress: bar.update,
			});
			bar.finish();
			tellReport(report, issue.number, mailer, ctx);
			return finishSend(report, issue.number, ctx);
		});
	} finally {
		bar.stop();
		mailer.close?.();
		process.off('SIGINT', onInterrupt);
		process.off('SIGTERM', onInterrupt);
	}
};

/** `--rate`, or NEWSLETTER_RATE_PER_SECOND (checked by the configuration) without it. */
function rateOf(value: string | undefined, ctx: EditorContext): number {
	const rate = value === undefined ? ctx.config.newsletter.ratePerSecond : Number(value);
	if (!Number.isFinite(rate) || rate < 0)
		throw new NewsletterUsage('--rate: messages per second, a number ≥ 0 (0: no limit)');
	return rate;
}

/** The send's progress bar, started by the first counts (they hold the total). */
function progressBar() {
	const bar = new cliProgress.SingleBar(
		{
			format: 'Sending |{bar}| {value}/{total} sent · {bounced} bounced · {failed} failed',
			hideCursor: true,
		},
		cliProgress.Presets.shades_classic,
	);
	let started = false;
	return {
		update: (counts: SendCounts) => {
			const fields = { failed: counts.failed, bounced: counts.bounced };
			if (!started) bar.start(counts.total, counts.sent, fields);
			started = true;
			bar.update(counts.sent, fields);
		},
		/** Once the send is done, if the bar was ever shown. */
		finish: () => {
			if (started) bar.stop();
		},
		stop: () => bar.stop(),
	};
}

/** The exit code if the mail server refuses the login or cannot be reached; undefined if it answers. */
async function loginRefused(mailer: Mailer, ctx: EditorContext): Promise<number | undefined> {
	try {
		await mailer.verify?.();
		return undefined;
	} catch (error) {
		const setup = error instanceof MailError && error.kind === 'setup';
		ctx.err(
			`${setup ? 'The mail server refused the connection' : 'The mail server could not be reached'} (${mailer.destination}): ${(error as Error).message}`,
		);
		ctx.err(
			setup
				? 'Nothing was sent. Check SMTP_URL (login, smtp:// with STARTTLS or smtps://) and SMTP_CA_FILE, then run `newsletter send` again.'
				: 'Nothing was sent. Run `newsletter send` again once the server answers.',
		);
		return setup ? 5 : 7;
	}
}

/** What the run did: sent, failed, bounced, what the server answered, lost connections. */
function tellReport(report: SendReport, issueNumber: number, mailer: Mailer, ctx: EditorContext) {
	if (report.interrupted)
		ctx.err(
			`${report.interrupted} deliveries were cut off by an earlier crash and may or may not have arrived: marked failed; \`newsletter send --retry\` resends them.`,
		);
	const nothing = report.sentNow === 0 && !report.failed && !report.bounced;
	ctx.out(
		nothing
			? `Nothing to send: issue #${issueNumber} has reached every confirmed subscriber (${report.sent}).`
			: `Issue #${issueNumber}: ${report.sent} of ${report.total} sent, ${report.failed} failed${report.bounced ? `, ${report.bounced} bounced` : ''} (${report.sentNow} in this run).`,
	);
	if (!nothing && mailer.verify) {
		// What the SMTP server answered in this run.
		const later = report.deferred
			? ` (${report.deferredThenSent} accepted on a later try, ${report.deferred - report.deferredThenSent} not)`
			: '';
		ctx.out(
			`Mail server ${mailer.destination}: ${report.sentNow} accepted, ${report.deferred} deferred${later}, ${report.bounced} bounced.`,
		);
	}
	if (report.bounced)
		ctx.out(
			`${plural(report.bounced, 'address', 'addresses')} ${nounFor(report.bounced, 'was', 'were')} refused for good: marked bounced, they get no more issues (a new sign-up brings one back).`,
		);
	if (report.connectionsLost)
		ctx.out(
			`The connection to the mail server was lost ${plural(report.connectionsLost, 'time')}; the send went on where it stopped.`,
		);
}

/** Rebuilds the site if anything went out, says what to do next, and gives the exit code. */
async function finishSend(
	report: SendReport,
	issueNumber: number,
	ctx: EditorContext,
): Promise<number> {
	if (report.stopped) {
		ctx.out('Stopped. Run `npm run editor -- newsletter send` again to continue where it stopped.');
		return 130;
	}
	if (report.sentNow > 0) await ctx.rebuild(`newsletter issue #${issueNumber} sent`);
	if (report.halted) {
		ctx.err(`The send stopped early: ${report.halted}.`);
		ctx.err(
			report.haltedBy === 'setup'
				? 'Check SMTP_URL (login, smtp:// with STARTTLS or smtps://), SMTP_CA_FILE and MAIL_FROM, then run `newsletter send` again: it goes on with the rest.'
				: 'Run `newsletter send` again once the server answers: it goes on with the rest.',
		);
		return report.haltedBy === 'setup' ? 5 : 7;
	}
	if (report.failed) {
		ctx.err(
			`${report.failed} failed: \`npm run editor -- newsletter send --retry\` tries them again.`,
		);
		return 7;
	}
	return 0;
}

const SUBCOMMANDS: Record<string, Command> = { draft, preview, send };

async function guarded(run: () => Promise<number>, ctx: EditorContext): Promise<number> {
	try {
		return await run();
	} catch (error) {
		if (!(error instanceof NewsletterUsage)) throw error;
		ctx.err(`Error: ${error.message}`);
		return error.exitCode;
	}
}

/** The editor commands this file adds to commands.ts. */
export const newsletterCommands: Record<string, Command> = {
	newsletter: (args, ctx) =>
		guarded(async () => {
			const [name, ...rest] = args;
			const sub = name ? SUBCOMMANDS[name] : undefined;
			if (!sub)
				throw new NewsletterUsage(
					'use `newsletter draft [--intro "…"|file.md]`, `newsletter preview` or `newsletter send [--retry] [--rate N]`',
				);
			return sub(rest, ctx);
		}, ctx),

	/** Confirmed subscribers only (never unconfirmed or unsubscribed), with their consent record. */
	subscribers: (args, ctx) =>
		guarded(async () => {
			const { values } = options(args, { csv: { type: 'boolean' } });
			const subscribers = await withStore(ctx, async (store) => {
				await store.purgeUnconfirmed();
				return store.confirmedSubscribers();
			});
			const rows = subscribers.map((s) => [
				s.email,
				s.source,
				s.consentAt.toISOString(),
				s.confirmedAt.toISOString(),
			]);
			if (values.csv) {
				ctx.out('email,source,consent_at,confirmed_at');
				for (const row of rows) ctx.out(row.map(csvField).join(','));
				return 0;
			}
			for (const line of table(['EMAIL', 'SOURCE', 'SIGNED UP', 'CONFIRMED'], rows)) ctx.out(line);
			ctx.out(
				ctx.paint('dim', `${subscribers.length} confirmed subscribers. Use --csv to export them.`),
			);
			return 0;
		}, ctx),
};
