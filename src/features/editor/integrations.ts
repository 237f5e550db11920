// Editor commands for integrations between tools: list, link, unlink, and approving a
// submission together with the tools it works with.
import { z } from 'zod';
import { flowLabel, MOVES, STATUSES, storedDirection, viaLabel } from '../integrations/details.ts';
import { INTEGRATION_KINDS, type IntegrationKind } from '../integrations/types.ts';
import { typedWebAddress } from '../../lib/addresses.ts';
import { type EditorContext, EXIT, options, rebuildAfter, UsageError } from './cli.ts';
import { table } from './format.ts';
import type { Connection } from './types.ts';
import { linkKind, parseDirection, parseMoves, parseStatus, parseVia } from './link-details.ts';
import { EditorError, type Submission, type ToolDraft, type ToolRecord } from './types.ts';
import { plural } from '../../lib/text.ts';

const kindField = z.enum(
	INTEGRATION_KINDS as [IntegrationKind, ...IntegrationKind[]],
	`--kind must be one of: ${INTEGRATION_KINDS.join(', ')}`,
);
const noteField = z
	.string()
	.trim()
	.min(1, '--note must not be empty')
	.max(140, '--note is too long (140 characters at most)');

/** The page where a vendor documents the integration: a public http(s) address (record 0030). */
function sourceUrl(raw: string | undefined): string {
	if (raw === undefined)
		throw new UsageError('--source <url> is required: the page where a vendor documents it');
	const { url } = typedWebAddress(raw);
	if (!url)
		throw new UsageError(
			'--source must be a public http(s) URL (a host name, no user name) of at most 2048 characters',
		);
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

/** What a connection does, in one line: what the source says, "?" where it does not. */
function saidLine(tool: ToolRecord, c: Connection): string {
	return [
		flowLabel(c.flow, tool.name, c.partner.name) ?? 'direction ?',
		`moves ${c.moves?.map((move) => MOVES[move]).join(', ') ?? '?'}`,
		`through ${viaLabel(c.via, c.viaService) ?? '?'}`,
		...(c.status ? [STATUSES[c.status]] : []),
	].join(' · ');
}

/** `--stale <days>`: a whole number of days, 0 or more. */
function staleDays(raw: string): number {
	if (!/^\d{1,5}$/.test(raw.trim()))
		throw new UsageError('--stale takes a number of days, e.g. `integrations --stale 180`');
	return Number(raw);
}

export const integrationCommands: Record<
	string,
	(args: string[], ctx: EditorContext) => Promise<number>
> = {
	async integrations(args, ctx) {
		const { positionals, values } = options(args, { stale: { type: 'string' } });
		if (values.stale !== undefined) {
			if (positionals.length > 1) throw new UsageError('give at most one tool with --stale');
			const days = staleDays(values.stale);
			const only = positionals.length ? await resolveTool(ctx, positionals[0]) : null;
			const stale = await ctx.store.integrations.stale(days, only?.id ?? null);
			for (const line of table(
				['CHECKED', 'DAYS', 'TOOL', 'TOOL', 'SOURCE'],
				stale.map((c) => [
					c.verifiedOn,
					String(c.days),
					`${c.low.name} (${c.low.id})`,
					`${c.high.name} (${c.high.id})`,
					c.sourceUrl,
				]),
				[10, 5, 32, 32, 70],
			))
				ctx.out(line);
			ctx.out(
				ctx.paint(
					'dim',
					`${plural(stale.length, 'connection')} not checked for ${days} days or more${only ? ` with ${label(only)}` : ''}, oldest first. Read the source again, then \`verify <tool> <tool> --source <url>\`.`,
				),
			);
			return EXIT.ok;
		}
		if (positionals.length !== 1)
			throw new UsageError(
				'give one tool: `integrations <tool>` (or `integrations --stale <days>`)',
			);
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
			c.verifiedOn,
			c.sourceUrl,
			c.note ?? '',
		]);
		const [header, rule, ...lines] = table(
			['ID', 'NAME', 'KIND', 'STATUS', 'CHECKED', 'SOURCE', 'NOTE'],
			rows,
			[8, 30, 11, 11, 10, 50, 40],
		);
		ctx.out(header);
		ctx.out(rule);
		lines.forEach((line, at) => {
			ctx.out(line);
			ctx.out(ctx.paint('dim', `  ${saidLine(tool, connections[at])}`));
		});
		ctx.out(ctx.paint('dim', `${label(tool)} works with ${plural(connections.length, 'tool')}.`));
		return EXIT.ok;
	},

	async link(args, ctx) {
		const { positionals, values } = options(args, {
			kind: { type: 'string' },
			source: { type: 'string' },
			note: { type: 'string' },
			direction: { type: 'string' },
			moves: { type: 'string' },
			via: { type: 'string' },
			status: { type: 'string' },
			replace: { type: 'boolean' },
		});
		const through = parseVia(values.via);
		const flow = parseDirection(values.direction);
		const said = {
			moves: parseMoves(values.moves),
			via: through?.via ?? null,
			viaService: through?.service ?? null,
			status: parseStatus(values.status),
		};
		const details = {
			kind: linkKind(values.kind === undefined ? null : parse(kindField, values.kind), said.via),
			sourceUrl: sourceUrl(values.source),
			note: values.note === undefined ? null : parse(noteField, values.note),
			...said,
		};
		const [a, b] = await twoTools(ctx, positionals, 'link');
		const direction = flow && storedDirection(flow, a.id, b.id);
		const result = await ctx.store.integrations.link(
			a.id,
			b.id,
			{ ...details, direction },
			values.replace ?? false,
		);
		if (result === 'exists')
			throw new EditorError(
				'duplicate_live',
				`${label(a)} and ${label(b)} are already linked; add --replace to record it anew from its source`,
			);
		ctx.out(
			`${result === 'created' ? 'Linked' : 'Updated the link between'} ${label(a)} and ${label(b)}, checked today:`,
		);
		ctx.out(
			`  ${[
				flowLabel(flow, a.name, b.name) ?? 'direction not documented',
				`moves ${said.moves?.map((move) => MOVES[move]).join(', ') ?? 'not documented'}`,
				`through ${viaLabel(said.via, said.viaService) ?? `not documented (${details.kind})`}`,
				...(said.status ? [STATUSES[said.status]] : []),
			].join(' · ')}`,
		);
		return rebuildAfter(ctx, `Linked tools ${a.id} and ${b.id}`);
	},

	async verify(args, ctx) {
		const { positionals, values } = options(args, { source: { type: 'string' } });
		const source = sourceUrl(values.source);
		const [a, b] = await twoTools(ctx, positionals, 'verify');
		const checked = await ctx.store.integrations.verify(a.id, b.id, source);
		if (!checked) throw new EditorError('not_found', `${label(a)} and ${label(b)} are not linked`);
		ctx.out(
			`Checked ${label(a)} and ${label(b)} today at ${source}${checked.previousSource === source ? '' : ` (the source was ${checked.previousSource})`}.`,
		);
		return rebuildAfter(ctx, `Checked the link of tools ${a.id} and ${b.id}`);
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
