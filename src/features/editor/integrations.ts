// Editor commands for integrations between tools: list, link, unlink, and approving a
// submission together with the tools it works with.
import { z } from 'zod';
import { INTEGRATION_KINDS, type IntegrationKind, KIND_LABELS } from '../integrations/types.ts';
import { safeHttpUrl } from '../../lib/tool-url.ts';
import { type EditorContext, EXIT, options, rebuildAfter, UsageError } from './cli.ts';
import { table } from './format.ts';
import { EditorError, type Submission, type ToolDraft, type ToolRecord } from './types.ts';

const kindField = z.enum(
	INTEGRATION_KINDS as [IntegrationKind, ...IntegrationKind[]],
	`--kind must be one of: ${INTEGRATION_KINDS.join(', ')}`,
);
const noteField = z
	.string()
	.trim()
	.min(1, '--note must not be empty')
	.max(140, '--note is too long (140 characters at most)');

/** The page where a vendor documents the integration: an http(s) URL the database accepts. */
function sourceUrl(raw: string | undefined): string {
	if (raw === undefined)
		throw new UsageError('--source <url> is required: the page where a vendor documents it');
	const url = safeHttpUrl(raw);
	if (!url || url.href.length > 2048)
		throw new UsageError('--source must be an http(s) URL of at most 2048 characters');
	return url.href;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
	const result = schema.safeParse(value);
	if (!result.success) throw new UsageError(result.error.issues[0].message);
	return result.data;
}

/** A tool named by id or by its exact name (any letter case). */
export async function resolveTool(
	ctx: EditorContext,
	ref: string | undefined,
): Promise<ToolRecord> {
	const text = ref?.trim();
	if (!text) throw new UsageError('name each tool by id or by its exact name');
	if (/^\d+$/.test(text)) {
		const tool = await ctx.store.tool(Number(text));
		if (!tool)
			throw new EditorError('not_found', `no tool with id ${text}; \`tools --all\` lists them`);
		return tool;
	}
	const matches = (await ctx.store.tools(true)).filter(
		(tool) => tool.name.toLowerCase() === text.toLowerCase(),
	);
	if (matches.length === 1) return matches[0];
	if (matches.length > 1)
		throw new UsageError(
			`${matches.length} tools are named "${text}" (ids ${matches.map((tool) => tool.id).join(', ')}): use the id`,
		);
	throw new EditorError('not_found', `no tool named "${text}"; \`tools --all\` lists them`);
}

async function twoTools(ctx: EditorContext, positionals: string[], command: string) {
	if (positionals.length !== 2)
		throw new UsageError(`give two tools: \`${command} <tool> <tool>\` (ids or exact names)`);
	const [a, b] = [await resolveTool(ctx, positionals[0]), await resolveTool(ctx, positionals[1])];
	if (a.id === b.id) throw new UsageError('a tool cannot be linked to itself');
	return [a, b] as const;
}

const label = (tool: ToolRecord) => `${tool.name} (tool ${tool.id})`;

export const integrationCommands: Record<
	string,
	(args: string[], ctx: EditorContext) => Promise<number>
> = {
	async integrations(args, ctx) {
		const { positionals } = options(args, {});
		if (positionals.length !== 1) throw new UsageError('give one tool: `integrations <tool>`');
		const tool = await resolveTool(ctx, positionals[0]);
		const connections = await ctx.store.integrations.connections(tool.id);
		if (!connections.length) {
			ctx.out(`${label(tool)} has no integrations yet. Add one with \`link\`.`);
			return EXIT.ok;
		}
		const rows = connections.map((c) => [
			String(c.partner.id),
			c.partner.name,
			c.kind,
			c.partner.status,
			c.sourceUrl,
			c.note ?? '',
		]);
		for (const line of table(
			['ID', 'NAME', 'KIND', 'STATUS', 'SOURCE', 'NOTE'],
			rows,
			[8, 30, 11, 11, 50, 40],
		))
			ctx.out(line);
		ctx.out(
			ctx.paint(
				'dim',
				`${label(tool)} works with ${connections.length} ${connections.length === 1 ? 'tool' : 'tools'}.`,
			),
		);
		return EXIT.ok;
	},

	async link(args, ctx) {
		const { positionals, values } = options(args, {
			kind: { type: 'string' },
			source: { type: 'string' },
			note: { type: 'string' },
			replace: { type: 'boolean' },
		});
		if (values.kind === undefined)
			throw new UsageError(`--kind is required, one of: ${INTEGRATION_KINDS.join(', ')}`);
		const details = {
			kind: parse(kindField, values.kind),
			sourceUrl: sourceUrl(values.source),
			note: values.note === undefined ? null : parse(noteField, values.note),
		};
		const [a, b] = await twoTools(ctx, positionals, 'link');
		const result = await ctx.store.integrations.link(a.id, b.id, details, values.replace ?? false);
		if (result === 'exists')
			throw new EditorError(
				'duplicate_live',
				`${label(a)} and ${label(b)} are already linked; add --replace to change the kind, source or note`,
			);
		ctx.out(
			`${result === 'created' ? 'Linked' : 'Updated the link between'} ${label(a)} and ${label(b)}: ${KIND_LABELS[details.kind].toLowerCase()}.`,
		);
		return rebuildAfter(ctx, `Linked tools ${a.id} and ${b.id}`);
	},

	async unlink(args, ctx) {
		const { positionals } = options(args, {});
		const [a, b] = await twoTools(ctx, positionals, 'unlink');
		if (!(await ctx.store.integrations.unlink(a.id, b.id)))
			throw new EditorError('not_found', `${label(a)} and ${label(b)} are not linked`);
		ctx.out(`Unlinked ${label(a)} and ${label(b)}.`);
		return rebuildAfter(ctx, `Unlinked tools ${a.id} and ${b.id}`);
	},
};

/** The approve options this file adds. */
export const APPROVE_WORKS_WITH_OPTIONS = {
	'works-with': { type: 'string' },
	source: { type: 'string' },
	kind: { type: 'string' },
} as const;

/**
 * Approves a submission, linking it to the tools given with `--works-with` (ids or names,
 * comma-separated, or `suggested` for the submitter's suggestions) when there are any, in one
 * transaction. Everything is checked before anything is written.
 */
export async function approveSubmission(
	ctx: EditorContext,
	submission: Submission,
	draft: ToolDraft,
	force: boolean,
	values: { 'works-with'?: string; source?: string; kind?: string },
): Promise<number> {
	const worksWith = values['works-with'];
	if (worksWith === undefined) {
		if (values.source !== undefined || values.kind !== undefined)
			throw new UsageError('--source and --kind go with --works-with <tool,...>');
		return ctx.store.approve(submission.id, draft, force);
	}
	const refs =
		worksWith.trim().toLowerCase() === 'suggested'
			? submission.worksWith.map(String)
			: worksWith
					.split(',')
					.map((ref) => ref.trim())
					.filter(Boolean);
	if (!refs.length)
		throw new UsageError('--works-with needs tools (ids or names, comma-separated) or `suggested`');
	// The least specific kind unless the editor says otherwise: it claims only that they connect.
	const link = {
		kind: parse(kindField, values.kind ?? 'api'),
		sourceUrl: sourceUrl(values.source),
	};
	const partners: ToolRecord[] = [];
	for (const ref of refs) partners.push(await resolveTool(ctx, ref));
	const notLive = partners.find((tool) => tool.status !== 'live');
	if (notLive) throw new UsageError(`${label(notLive)} is not live: link it once it is published`);
	const ids = [...new Set(partners.map((tool) => tool.id))];
	const toolId = await ctx.store.integrations.approveWithIntegrations(
		submission.id,
		draft,
		force,
		ids,
		link,
	);
	ctx.out(`Linked it to ${partners.map(label).join(', ')}.`);
	return toolId;
}

/** The submitter's "works with" suggestions, by name, for `show`. */
export async function suggestionLines(
	ctx: EditorContext,
	submission: Submission,
): Promise<string[]> {
	if (!submission.worksWith.length) return [];
	const names = await Promise.all(
		submission.worksWith.map(
			async (id) => `${(await ctx.store.tool(id))?.name ?? '(deleted)'} (${id})`,
		),
	);
	return [
		`  works with  ${names.join(', ')}`,
		ctx.paint('dim', '              accept with `approve … --works-with suggested --source <url>`'),
	];
}
