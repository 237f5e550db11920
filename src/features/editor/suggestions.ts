// Editor commands for visitors' corrections and vendors' claims (record 0022): the queue with the
// current value beside the proposed one, accepting one after reading its source (recorded
// through the same paths as `facts set`, `link` and `edit`), declining one with a reason, and
// the claims. The suggester is told once, if they left an e-mail.
import { factProblem, valueLabel } from '../facts/facts.ts';
import { FACTS } from '../facts/vocabulary.ts';
import { flowLabel, MOVES, STATUSES, viaLabel } from '../integrations/details.ts';
import type { Mail } from '../../lib/mail.server.ts';
import { paths } from '../../lib/paths.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { type EditorContext, EXIT, options, rebuildAfter, UsageError } from './cli.ts';
import { age, table } from './format.ts';
import { integrationCommands, resolveTool } from './integrations.ts';
import { EditorError, type SuggestionRecord, type ToolRecord } from './types.ts';

type Command = (args: string[], ctx: EditorContext) => Promise<number>;

function suggestionId(raw: string | undefined): number {
	const value = Number(raw);
	if (!raw || !Number.isInteger(value) || value <= 0)
		throw new UsageError('give the suggestion id as a positive number, e.g. `accept 12`');
	return value;
}

/** What a suggestion proposes, in one line. */
function proposed(s: SuggestionRecord): string {
	if (s.what === 'fact' && s.fact)
		return `${s.fact} = ${(s.value ?? []).map((v) => valueLabel(s.fact!, v)).join(', ')}${s.detail ? ` (${s.detail})` : ''}`;
	if (s.what === 'integration')
		return [
			`works with ${s.partnerName ?? s.partnerId}`,
			flowLabel(s.flow, s.toolName, s.partnerName ?? 'the other tool') ?? 'direction not said',
			`moves ${s.moves?.map((move) => MOVES[move]).join(', ') ?? 'not said'}`,
			`through ${viaLabel(s.via, s.viaService) ?? 'not said'}`,
			...(s.linkStatus ? [STATUSES[s.linkStatus]] : []),
		].join(' · ');
	return `${s.what} = ${s.newText}`;
}

/** What the site has now for the same thing. */
async function current(ctx: EditorContext, s: SuggestionRecord): Promise<string> {
	if (s.what === 'fact' && s.fact) {
		const rows = (await ctx.store.facts.facts(s.toolId)).filter((r) => r.fact === s.fact);
		if (!rows.length) return 'not documented yet';
		return rows
			.map(
				(r) =>
					`${r.value.map((v) => valueLabel(s.fact!, v)).join(', ')} (${r.origin === 'vendor' ? 'stated by the vendor' : 'read'} on ${r.sourceUrl}, ${r.verifiedOn})`,
			)
			.join('; ');
	}
	if (s.what === 'integration') {
		const link = (await ctx.store.integrations.connections(s.toolId)).find(
			(c) => c.partner.id === s.partnerId,
		);
		return link ? `linked, read on ${link.sourceUrl}, ${link.verifiedOn}` : 'not linked';
	}
	const tool = await ctx.store.tool(s.toolId);
	return tool && s.what !== 'fact' ? String(tool[s.what]) : '—';
}

/**
 * Who sent it, as far as it is proven: an address is only the sender's word until its link was
 * confirmed from the mailbox, and only then can it be the vendor's (record 0027).
 */
function sender(s: SuggestionRecord): string {
	if (!s.email) return '—';
	return `${s.email} (${s.emailConfirmed ? 'confirmed' : 'e-mail not confirmed'})`;
}

async function describe(ctx: EditorContext, s: SuggestionRecord): Promise<string[]> {
	const vendor = s.vendorStated && s.emailConfirmed;
	return [
		`${ctx.paint('bold', `Suggestion ${s.id}`)}  ${s.toolName} (tool ${s.toolId}), ${age(s.createdAt)} ago${vendor ? `  ${ctx.paint('cyan', 'stated by the vendor')}` : ''}`,
		`  now         ${await current(ctx, s)}`,
		`  proposed    ${proposed(s)}`,
		`  source      ${s.sourceUrl}`,
		`  quote       ${s.quote ? `“${s.quote}”` : '—'}`,
		`  e-mail      ${sender(s)}`,
	];
}

function notice(ctx: EditorContext, s: SuggestionRecord): Mail {
	const page = new URL(paths.tool(s.toolId), ctx.siteUrl).href;
	const accepted = s.status === 'accepted';
	return {
		to: s.email!,
		subject: `Your correction to ${s.toolName} was ${accepted ? 'accepted' : 'not accepted'}`,
		text: [
			'Hello,',
			'',
			`Thanks for your correction to ${s.toolName} on ${SITE_NAME}: ${proposed(s)}.`,
			'',
			accepted
				? `An editor read ${s.sourceUrl} and recorded it. It shows on ${page} after the site's next update.`
				: `An editor read ${s.sourceUrl} and did not record it: ${s.reason}`,
			'',
			`— The ${SITE_NAME} team`,
			'',
			'You receive this one message because you left your address with the correction.',
		].join('\n'),
	};
}

/** Tells the suggester once: marked before sending, un-marked if the send fails (`notify --retry`). */
async function tell(ctx: EditorContext, id: number): Promise<'sent' | 'none' | 'failed'> {
	const s = await ctx.store.corrections.suggestion(id);
	if (!s?.email || !(await ctx.store.corrections.claimNotice(id))) return 'none';
	try {
		await ctx.mailer(notice(ctx, s));
		ctx.out(`Told the suggester at ${s.email}.`);
		return 'sent';
	} catch (error) {
		await ctx.store.corrections.releaseNotice(id);
		ctx.err(
			ctx.paint(
				'yellow',
				`The suggester could not be told (${(error as Error).message}). Retry with \`npm run editor -- notify --retry\`.`,
			),
		);
		return 'failed';
	}
}

async function pendingOne(ctx: EditorContext, id: number): Promise<SuggestionRecord> {
	const s = await ctx.store.corrections.suggestion(id);
	if (!s)
		throw new EditorError('not_found', `no suggestion with id ${id}; \`suggestions\` lists them`);
	if (s.status !== 'pending')
		throw new EditorError('not_pending', `suggestion ${id} was already ${s.status}`);
	return s;
}

const VIA_WORD = {
	built_in: 'built-in',
	marketplace_app: 'marketplace-app',
	file_exchange: 'file-exchange',
};
const FLOW_WORD = { out: 'a-to-b', in: 'b-to-a', both: 'both' } as const;

/** Records an accepted suggestion through the editor's own paths; its exit code (rebuild included). */
async function record(
	ctx: EditorContext,
	s: SuggestionRecord,
	tool: ToolRecord,
	values: Record<string, string | undefined>,
): Promise<number> {
	if (s.what === 'fact' && s.fact) {
		const fact = s.fact;
		const detail = values.detail?.trim() || s.detail;
		const quote = (values.quote ?? s.quote ?? '').replace(/\s+/g, ' ').trim();
		if (!quote)
			throw new UsageError(
				'--quote "…" is required: the suggestion gives no sentence from the source that states the value',
			);
		if (quote.length > 500) throw new UsageError('--quote is too long (500 characters at most)');
		if (detail && !FACTS[fact].detail) throw new UsageError(`${fact} takes no --detail`);
		const problem = factProblem(fact, s.value ?? [], detail ?? null);
		if (problem) throw new UsageError(`${fact} ${problem}`);
		const origin = s.vendorStated && s.emailConfirmed ? 'vendor' : 'read';
		await ctx.store.facts.set(tool.id, {
			fact,
			value: s.value ?? [],
			detail: detail ?? null,
			sourceUrl: s.sourceUrl,
			quote,
			origin,
			replace: true,
		});
		ctx.out(
			`Recorded ${fact}=${(s.value ?? []).join(',')} for ${tool.name} (tool ${tool.id}), ${origin === 'vendor' ? 'stated by the vendor' : 'read'} today on ${s.sourceUrl}.`,
		);
		return rebuildAfter(ctx, `Suggestion ${s.id} accepted: fact ${fact} of tool ${tool.id}`);
	}
	if (s.what === 'integration') {
		const via =
			values.via ??
			(s.via === 'middleware' ? (s.viaService ?? undefined) : s.via ? VIA_WORD[s.via] : undefined);
		const direction = values.direction ?? (s.flow ? FLOW_WORD[s.flow] : undefined);
		const moves = values.moves ?? s.moves?.join(',');
		const status = values.status ?? s.linkStatus ?? undefined;
		return integrationCommands.link(
			[
				String(tool.id),
				String(s.partnerId),
				'--source',
				s.sourceUrl,
				'--replace',
				...(via ? ['--via', via] : []),
				...(values.kind ? ['--kind', values.kind] : []),
				...(direction ? ['--direction', direction] : []),
				...(moves ? ['--moves', moves] : []),
				...(status ? ['--status', status] : []),
			],
			ctx,
		);
	}
	const { commands } = await import('./commands.ts');
	// `--name=value` in one argument: a value that starts with `-` is still the value.
	return commands.edit([String(tool.id), `--${s.what}=${s.newText ?? ''}`], ctx);
}

export const suggestionCommands: Record<string, Command> = {
	async suggestions(args, ctx) {
		const { values } = options(args, { tool: { type: 'string' } });
		const tool = values.tool === undefined ? null : await resolveTool(ctx, values.tool);
		const queue = await ctx.store.corrections.pending(tool?.id ?? null);
		if (!queue.length) {
			ctx.out(`No suggestions waiting${tool ? ` for ${tool.name}` : ''}.`);
			return EXIT.ok;
		}
		for (const s of queue) for (const line of [...(await describe(ctx, s)), '']) ctx.out(line);
		ctx.out(
			ctx.paint(
				'dim',
				`${queue.length} waiting, oldest first. Read each source, then \`accept <id> [--quote "…"] [--detail "…"]\` or \`decline <id> --reason "…"\`.`,
			),
		);
		return EXIT.ok;
	},

	async accept(args, ctx) {
		const { positionals, values } = options(args, {
			quote: { type: 'string' },
			detail: { type: 'string' },
			via: { type: 'string' },
			kind: { type: 'string' },
			direction: { type: 'string' },
			moves: { type: 'string' },
			status: { type: 'string' },
		});
		const s = await pendingOne(ctx, suggestionId(positionals[0]));
		const tool = await resolveTool(ctx, String(s.toolId));
		const code = await record(ctx, s, tool, values);
		await ctx.store.corrections.review(s.id, 'accepted', null);
		ctx.out(`Accepted suggestion ${s.id}.`);
		const told = await tell(ctx, s.id);
		return told === 'failed' && code === EXIT.ok ? EXIT.notifyFailed : code;
	},

	async decline(args, ctx) {
		const { positionals, values } = options(args, { reason: { type: 'string' } });
		const id = suggestionId(positionals[0]);
		const reason = values.reason?.replace(/\s+/g, ' ').trim();
		if (!reason) throw new UsageError('--reason "…" is required: the suggester is told it');
		await pendingOne(ctx, id);
		await ctx.store.corrections.review(id, 'rejected', reason.slice(0, 1000));
		ctx.out(`Declined suggestion ${id}.`);
		return (await tell(ctx, id)) === 'failed' ? EXIT.notifyFailed : EXIT.ok;
	},

	async claims(args, ctx) {
		options(args, {});
		const claims = await ctx.store.corrections.claims();
		if (!claims.length) {
			ctx.out('No claims.');
			return EXIT.ok;
		}
		const state = (c: (typeof claims)[number]) =>
			c.revokedAt ? 'revoked' : c.confirmedAt ? 'confirmed' : 'not confirmed';
		for (const line of table(
			['ID', 'TOOL', 'E-MAIL', 'STATE', 'REQUESTED', 'CONFIRMED'],
			claims.map((c) => [
				String(c.id),
				`${c.toolName} (${c.toolId})`,
				c.email,
				state(c),
				c.requestedAt.toISOString().slice(0, 10),
				c.confirmedAt?.toISOString().slice(0, 10) ?? '',
			]),
			[8, 32, 40, 13, 10, 10],
		))
			ctx.out(line);
		ctx.out(
			ctx.paint(
				'dim',
				`${claims.length} claims, newest first. \`claim revoke <id>\` withdraws one.`,
			),
		);
		return EXIT.ok;
	},

	async claim(args, ctx) {
		const { positionals } = options(args, {});
		if (positionals[0] !== 'revoke' || positionals.length !== 2)
			throw new UsageError('`claim revoke <id>`: withdraw a vendor’s claim');
		const id = Number(positionals[1]);
		if (!Number.isInteger(id) || id <= 0)
			throw new UsageError('give the claim id as a positive number, e.g. `claim revoke 3`');
		if (!(await ctx.store.corrections.revokeClaim(id)))
			throw new EditorError('not_found', `no open claim with id ${id}; \`claims\` lists them`);
		ctx.out(
			`Revoked claim ${id}: that person's pending suggestions are no longer marked as the vendor's.`,
		);
		return EXIT.ok;
	},
};

/** `notify --retry`'s part for suggestions: the notices whose send failed. */
export async function retrySuggestionNotices(
	ctx: EditorContext,
): Promise<{ sent: number; failed: number }> {
	let sent = 0;
	let failed = 0;
	for (const s of await ctx.store.corrections.unnotified()) {
		const result = await tell(ctx, s.id);
		if (result === 'sent') sent++;
		if (result === 'failed') failed++;
	}
	return { sent, failed };
}
