import { z } from 'zod';
import { CATEGORY_SLUGS, isCategorySlug } from '../../lib/categories.ts';
import { paths } from '../../lib/paths.ts';
import { nameField, urlField } from '../forms/fields.server.ts';
import { type EditorContext, EXIT, options, rebuildAfter, UsageError } from './cli.ts';
import { age, table } from './format.ts';
import {
	APPROVE_WORKS_WITH_OPTIONS,
	approveSubmission,
	integrationCommands,
	suggestionLines,
} from './integrations.ts';
import { newsletterCommands } from './newsletter.ts';
import { factsCommand, factSuggestionLines } from './facts.ts';
import { notifySubmitter } from './notify.server.ts';
import { retrySuggestionNotices, suggestionCommands } from './suggestions.ts';
import { EditorError, type Submission, type ToolDraft } from './types.ts';

const descriptionField = z
	.string()
	.trim()
	.min(1, 'a description is required')
	.max(500, 'the description is too long (500 characters at most)');
const categoryField = z
	.string()
	.refine(isCategorySlug, `the category must be one of: ${CATEGORY_SLUGS.join(', ')}`);

function id(raw: string | undefined, what: string): number {
	const value = Number(raw);
	if (!raw || !Number.isInteger(value) || value <= 0)
		throw new UsageError(
			`give the ${what} id as a positive number, e.g. \`${what === 'tool' ? 'unpublish' : 'show'} 12\``,
		);
	return value;
}

function valid<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
	const result = schema.safeParse(value);
	if (!result.success) throw new UsageError(`--${flag}: ${result.error.issues[0].message}`);
	return result.data;
}

function describeSubmission(ctx: EditorContext, s: Submission): string[] {
	const status = {
		pending: 'yellow',
		approved: 'green',
		rejected: 'red',
		duplicate: 'dim',
	} as const;
	return [
		`${ctx.paint('bold', `Submission ${s.id}`)}  ${ctx.paint(status[s.status], s.status)}`,
		`  name        ${s.name}`,
		`  url         ${s.url}`,
		`  host        ${s.host}`,
		`  submitted   ${s.createdAt.toISOString()} (${age(s.createdAt)} ago)`,
		`  e-mail      ${s.submitterEmail ?? '—'}`,
		...(s.reviewedAt ? [`  reviewed    ${s.reviewedAt.toISOString()}`] : []),
		...(s.reviewerNote ? [`  note        ${s.reviewerNote}`] : []),
		...(s.toolId
			? [`  tool        ${s.toolId} (${new URL(paths.tool(s.toolId), ctx.siteUrl).href})`]
			: []),
		...(s.submitterEmail && s.status === 'approved'
			? [
					`  notified    ${s.notifiedAt?.toISOString() ?? `not yet${s.notifyError ? ` (last error: ${s.notifyError})` : ''}`}`,
				]
			: []),
	];
}

/** Why the submitter was not told yet, and when to run `notify --retry`, for this setup. */
function notLiveYet(ctx: EditorContext): string {
	const retry = '`npm run editor -- notify --retry`';
	if (ctx.site.kind === 'hook')
		return `The submitter is told once the page is live: run ${retry} when Netlify's deploy has finished.`;
	if (!ctx.site.server())
		return `No \`npm start\` is serving this site, so the page is not live: the submitter is told once it is. Start it, then run ${retry}.`;
	return `The page does not answer at ${ctx.siteUrl} yet, so the submitter was not told: run ${retry} once it does.`;
}

export const commands: Record<string, (args: string[], ctx: EditorContext) => Promise<number>> = {
	async pending(args, ctx) {
		options(args, {});
		const queue = await ctx.store.pendingQueue();
		if (!queue.length) {
			ctx.out('No submissions waiting for review.');
			return EXIT.ok;
		}
		const hint = (entry: (typeof queue)[number]) =>
			[
				...entry.liveToolsWithHost.map((tool) => `live tool ${tool}`),
				...entry.pendingWithHost.map((other) => `pending ${other}`),
			].join(', ');
		const rows = queue.map((entry) => [
			String(entry.id),
			age(entry.createdAt),
			entry.name,
			entry.url,
			hint(entry) ? `same host as ${hint(entry)}` : '',
			entry.worksWith.join(','),
		]);
		for (const line of table(
			['ID', 'AGE', 'NAME', 'URL', 'DUPLICATE HINT', 'WORKS WITH'],
			rows,
			[8, 8, 30, 45, 50, 30],
		))
			ctx.out(line);
		ctx.out(
			ctx.paint(
				'dim',
				`${queue.length} waiting, oldest first. Next: \`show <id>\`, \`approve <id> --description … --category …\`, \`reject <id> --reason …\`.`,
			),
		);
		return EXIT.ok;
	},

	async show(args, ctx) {
		const { positionals } = options(args, {});
		const submission = await ctx.store.submission(id(positionals[0], 'submission'));
		if (!submission)
			throw new EditorError(
				'not_found',
				`no submission with id ${positionals[0]}; \`pending\` lists the queue`,
			);
		for (const line of describeSubmission(ctx, submission)) ctx.out(line);
		for (const line of await suggestionLines(ctx, submission)) ctx.out(line);
		for (const line of factSuggestionLines(ctx, submission)) ctx.out(line);
		return EXIT.ok;
	},

	async approve(args, ctx) {
		const { positionals, values } = options(args, {
			description: { type: 'string' },
			category: { type: 'string' },
			name: { type: 'string' },
			url: { type: 'string' },
			force: { type: 'boolean' },
			...APPROVE_WORKS_WITH_OPTIONS,
		});
		const submissionId = id(positionals[0], 'submission');
		const submission = await ctx.store.submission(submissionId);
		if (!submission)
			throw new EditorError(
				'not_found',
				`no submission with id ${submissionId}; \`pending\` lists the queue`,
			);
		if (values.description === undefined)
			throw new UsageError(
				'--description is required: one or two sentences about what the tool does',
			);
		if (values.category === undefined)
			throw new UsageError(`--category is required, one of: ${CATEGORY_SLUGS.join(', ')}`);
		const draft: ToolDraft = {
			name: valid(nameField, values.name ?? submission.name, 'name'),
			url: valid(urlField, values.url ?? submission.url, 'url'),
			description: valid(descriptionField, values.description, 'description'),
			category: valid(categoryField, values.category, 'category') as ToolDraft['category'],
		};
		const toolId = await approveSubmission(ctx, submission, draft, values.force ?? false, values);
		ctx.out(
			ctx.paint(
				'green',
				`Approved: ${draft.name} is tool ${toolId}, at ${new URL(paths.tool(toolId), ctx.siteUrl).href} after the rebuild.`,
			),
		);
		for (const line of factSuggestionLines(ctx, submission, String(toolId))) ctx.out(line);
		const code = await rebuildAfter(ctx, `Approved ${draft.name} (submission ${submissionId})`);
		const approved = await ctx.store.submission(submissionId);
		if (approved?.submitterEmail) {
			const sent = await notifySubmitter(ctx.store, ctx.mailer, approved, ctx);
			if (sent === 'failed') {
				ctx.err(
					ctx.paint(
						'yellow',
						'The submitter could not be notified; the error is recorded. Retry with `npm run editor -- notify --retry`.',
					),
				);
				return code === EXIT.ok ? EXIT.notifyFailed : code;
			}
			if (sent === 'sent') ctx.out(`Notified the submitter at ${approved.submitterEmail}.`);
			if (sent === 'not_live') ctx.out(notLiveYet(ctx));
		}
		return code;
	},

	async reject(args, ctx) {
		const { positionals, values } = options(args, { reason: { type: 'string' } });
		const submissionId = id(positionals[0], 'submission');
		const reason = values.reason?.trim();
		if (!reason) throw new UsageError('--reason is required: say why, for the record');
		await ctx.store.reject(submissionId, reason.slice(0, 1000));
		ctx.out(`Rejected submission ${submissionId}.`);
		return EXIT.ok;
	},

	async duplicate(args, ctx) {
		const { positionals, values } = options(args, { of: { type: 'string' } });
		const submissionId = id(positionals[0], 'submission');
		if (!values.of)
			throw new UsageError('--of <tool id> is required: the live tool this submission duplicates');
		await ctx.store.markDuplicate(submissionId, id(values.of, 'tool'));
		ctx.out(`Marked submission ${submissionId} as a duplicate of tool ${values.of}.`);
		return EXIT.ok;
	},

	async tools(args, ctx) {
		const { values } = options(args, { all: { type: 'boolean' } });
		const tools = await ctx.store.tools(values.all ?? false);
		const rows = tools.map((tool) => [
			String(tool.id),
			tool.name,
			tool.category,
			tool.status,
			tool.url,
		]);
		for (const line of table(
			['ID', 'NAME', 'CATEGORY', 'STATUS', 'URL'],
			rows,
			[8, 32, 24, 11, 50],
		))
			ctx.out(line);
		ctx.out(
			ctx.paint(
				'dim',
				`${tools.length} tools${values.all ? '' : ' live (--all includes unpublished)'}.`,
			),
		);
		return EXIT.ok;
	},

	async edit(args, ctx) {
		const { positionals, values } = options(args, {
			name: { type: 'string' },
			url: { type: 'string' },
			description: { type: 'string' },
			category: { type: 'string' },
		});
		const toolId = id(positionals[0], 'tool');
		const changes: Partial<ToolDraft> = {};
		if (values.name !== undefined) changes.name = valid(nameField, values.name, 'name');
		if (values.url !== undefined) changes.url = valid(urlField, values.url, 'url');
		if (values.description !== undefined)
			changes.description = valid(descriptionField, values.description, 'description');
		if (values.category !== undefined)
			changes.category = valid(categoryField, values.category, 'category') as ToolDraft['category'];
		if (!Object.keys(changes).length)
			throw new UsageError('say what to change: --name, --url, --description and/or --category');
		await ctx.store.updateTool(toolId, changes);
		ctx.out(`Updated tool ${toolId}: ${Object.keys(changes).join(', ')}.`);
		return rebuildAfter(ctx, `Edited tool ${toolId}`);
	},

	async unpublish(args, ctx) {
		const toolId = id(options(args, {}).positionals[0], 'tool');
		await ctx.store.setToolStatus(toolId, 'unpublished');
		ctx.out(`Unpublished tool ${toolId}; it leaves the site with this rebuild.`);
		return rebuildAfter(ctx, `Unpublished tool ${toolId}`);
	},

	async publish(args, ctx) {
		const toolId = id(options(args, {}).positionals[0], 'tool');
		await ctx.store.setToolStatus(toolId, 'live');
		ctx.out(`Published tool ${toolId}.`);
		return rebuildAfter(ctx, `Published tool ${toolId}`);
	},

	async rebuild(args, ctx) {
		options(args, {});
		return rebuildAfter(ctx, 'Rebuild requested by an editor');
	},

	async notify(args, ctx) {
		const { values } = options(args, { retry: { type: 'boolean' } });
		if (!values.retry) throw new UsageError('use `notify --retry` to resend notices that failed');
		const waiting = await ctx.store.unnotified();
		let failed = 0;
		for (const submission of waiting) {
			const result = await notifySubmitter(ctx.store, ctx.mailer, submission, ctx);
			if (result === 'failed' || result === 'not_live') failed++;
			const said = {
				sent: 'sent',
				failed: 'failed again',
				already: 'already sent',
				not_live: 'waiting: the page is not live yet',
			};
			ctx.out(`${submission.id} ${submission.submitterEmail}: ${said[result]}`);
		}
		ctx.out(
			waiting.length
				? `${waiting.length - failed} of ${waiting.length} notices sent.`
				: 'No notices waiting.',
		);
		// Suggesters whose "accepted" or "declined" notice failed.
		const suggestions = await retrySuggestionNotices(ctx);
		if (suggestions.sent || suggestions.failed)
			ctx.out(
				`${suggestions.sent} of ${suggestions.sent + suggestions.failed} suggestion notices sent.`,
			);
		failed += suggestions.failed;
		if (failed && ctx.site.kind === 'local' && !ctx.site.server())
			ctx.out('No `npm start` is serving this site: start it, then run `notify --retry` again.');
		return failed ? EXIT.notifyFailed : EXIT.ok;
	},

	...integrationCommands,
	facts: factsCommand,
	// Visitors' corrections and vendors' claims (record 0024) live in suggestions.ts.
	...suggestionCommands,
	// The newsletter and the subscriber export live in newsletter.ts.
	...newsletterCommands,
};
