// Editor commands for a tool's facts: show them with their sources and dates, record one as
// read today on a vendor page, move its date after a re-read, remove it, list the stale ones.
import { factProblem } from '../facts/facts.ts';
import {
	COMMON_FACT_KEYS,
	FACTS,
	type FactKey,
	factKeysFor,
	isFactKey,
} from '../facts/vocabulary.ts';
import type { CategorySlug } from '../../lib/categories.ts';
import { typedWebAddress } from '../../lib/addresses.ts';
import { type EditorContext, EXIT, options, rebuildAfter, UsageError } from './cli.ts';
import { table } from './format.ts';
import { resolveTool } from './integrations.ts';
import { EditorError, type FactRecord, type Submission, type ToolRecord } from './types.ts';

const FACT_LIST = `${COMMON_FACT_KEYS.join(', ')}, or a capability of src/features/facts/capabilities.ts`;

function factKey(raw: string | undefined): FactKey {
	if (!raw || !isFactKey(raw))
		throw new UsageError(`unknown fact "${raw ?? ''}": one of ${FACT_LIST}`);
	return raw;
}

/** The vendor page the fact was read on: a public http(s) address (record 0030). */
function source(raw: string | undefined): string {
	if (raw === undefined)
		throw new UsageError("--source <url> is required: the vendor's page the fact was read on");
	const { url } = typedWebAddress(raw);
	if (!url)
		throw new UsageError(
			'--source must be a public http(s) URL (a host name, no user name) of at most 2048 characters',
		);
	return url.href;
}

/**
 * The sentence the source page says (record 0024): the fact is recorded only where this sentence
 * itself states the value. Required by `set`, optional on `verify` (a re-read may keep it).
 */
function quoteOption(raw: string | undefined, required: boolean): string | null {
	const quote = raw?.replace(/\s+/g, ' ').trim() ?? '';
	if (!quote && required)
		throw new UsageError(
			'--quote "…" is required: the sentence on the source page that states the value itself',
		);
	if (quote.length > 500) throw new UsageError('--quote is too long (500 characters at most)');
	return quote || null;
}

const label = (tool: ToolRecord) => `${tool.name} (tool ${tool.id})`;
const daysSince = (day: string) =>
	Math.floor((Date.now() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);

function factTable(ctx: EditorContext, records: FactRecord[], withTool: boolean) {
	const rows = records.map((r) => [
		...(withTool ? [String(r.toolId), r.toolName] : []),
		r.fact,
		r.value.join(','),
		r.detail ?? '',
		r.sourceUrl + (r.origin === 'vendor' ? ' (stated by the vendor)' : ''),
		`${r.verifiedOn} (${daysSince(r.verifiedOn)} d)`,
		r.quote ?? '(no quote: re-read it)',
	]);
	const head = [
		...(withTool ? ['ID', 'TOOL'] : []),
		'FACT',
		'VALUE',
		'DETAIL',
		'SOURCE',
		'CHECKED',
		'QUOTE',
	];
	const widths = [...(withTool ? [8, 28] : []), 15, 40, 24, 60, 20, 80];
	for (const line of table(head, rows, widths)) ctx.out(line);
}

async function show(ctx: EditorContext, tool: ToolRecord): Promise<number> {
	const records = await ctx.store.facts.facts(tool.id);
	if (records.length) factTable(ctx, records, false);
	const known = new Set(records.map((r) => r.fact));
	// Its category's capabilities and the common facts, and whatever else is recorded.
	const rows = factKeysFor(tool.category as CategorySlug, (key) => known.has(key));
	const missing = rows.filter((key) => !known.has(key));
	ctx.out(
		ctx.paint(
			'dim',
			`${label(tool)}: ${known.size} of ${rows.length} facts recorded` +
				(missing.length ? `; not documented yet: ${missing.join(', ')}` : '') +
				'.',
		),
	);
	return EXIT.ok;
}

async function set(ctx: EditorContext, tool: ToolRecord, rest: string[]): Promise<number> {
	const { positionals, values } = options(rest, {
		source: { type: 'string' },
		detail: { type: 'string' },
		quote: { type: 'string' },
		add: { type: 'boolean' },
	});
	if (positionals.length !== 1 || !positionals[0].includes('='))
		throw new UsageError(
			'give one fact: `facts <tool> set <fact>=<value>[,<value>] --source <url> --quote "…"`',
		);
	const [rawKey, rawValue] = [
		positionals[0].slice(0, positionals[0].indexOf('=')),
		positionals[0].slice(positionals[0].indexOf('=') + 1),
	];
	const fact = factKey(rawKey.trim());
	// A text fact is one value, commas and all ("Autodesk, Inc."); the others list values by commas.
	const value =
		FACTS[fact].shape.kind === 'text'
			? [rawValue.trim()].filter(Boolean)
			: rawValue
					.split(',')
					.map((v) => v.trim())
					.filter(Boolean);
	const detail = values.detail?.trim() || null;
	if (detail && !FACTS[fact].detail) throw new UsageError(`${fact} takes no --detail`);
	if (detail && detail.length > 200)
		throw new UsageError('--detail is too long (200 characters at most)');
	const problem = factProblem(fact, value, detail);
	if (problem) throw new UsageError(`${fact} ${problem}`);
	if (values.add && FACTS[fact].shape.kind !== 'set')
		throw new UsageError(`--add is for a set read across pages; ${fact} holds one value`);
	const sourceUrl = source(values.source);
	const quote = quoteOption(values.quote, true);
	await ctx.store.facts.set(tool.id, {
		fact,
		value,
		detail,
		sourceUrl,
		quote,
		origin: 'read',
		replace: !values.add,
	});
	ctx.out(`Recorded ${fact}=${value.join(',')} for ${label(tool)}, read today on ${sourceUrl}.`);
	return rebuildAfter(ctx, `Fact ${fact} of tool ${tool.id} set`);
}

async function verify(ctx: EditorContext, tool: ToolRecord, rest: string[]): Promise<number> {
	const { positionals, values } = options(rest, {
		source: { type: 'string' },
		quote: { type: 'string' },
	});
	if (positionals.length !== 1)
		throw new UsageError(
			'give one fact: `facts <tool> verify <fact> --source <url> [--quote "…"]`',
		);
	const fact = factKey(positionals[0]);
	const sourceUrl = source(values.source);
	const quote = quoteOption(values.quote, false);
	if (!(await ctx.store.facts.verify(tool.id, fact, sourceUrl, quote))) {
		const sources = (await ctx.store.facts.facts(tool.id))
			.filter((r) => r.fact === fact)
			.map((r) => r.sourceUrl);
		throw new EditorError(
			'not_found',
			sources.length
				? `${fact} of ${label(tool)} was read on ${sources.join(', ')}, not ${sourceUrl}: re-read that page, or record what the new one says with \`set\``
				: `${label(tool)} has no ${fact} recorded: record it with \`set\``,
		);
	}
	ctx.out(`Checked ${fact} of ${label(tool)} again on ${sourceUrl} today.`);
	return rebuildAfter(ctx, `Fact ${fact} of tool ${tool.id} checked again`);
}

async function unset(ctx: EditorContext, tool: ToolRecord, rest: string[]): Promise<number> {
	const { positionals } = options(rest, {});
	if (positionals.length !== 1) throw new UsageError('give one fact: `facts <tool> unset <fact>`');
	const fact = factKey(positionals[0]);
	if (!(await ctx.store.facts.unset(tool.id, fact)))
		throw new EditorError('not_found', `${label(tool)} has no ${fact} recorded`);
	ctx.out(`Removed ${fact} of ${label(tool)}: it shows as not documented yet.`);
	return rebuildAfter(ctx, `Fact ${fact} of tool ${tool.id} removed`);
}

export async function factsCommand(args: string[], ctx: EditorContext): Promise<number> {
	if (args[0] === '--stale') {
		const { values, positionals } = options(args, { stale: { type: 'string' } });
		const days = Number(values.stale);
		if (positionals.length || !/^\d+$/.test(values.stale ?? '') || days > 36_500)
			throw new UsageError('`facts --stale <days>`: a whole number of days');
		const records = await ctx.store.facts.stale(days);
		if (!records.length) {
			ctx.out(`Every fact was checked in the last ${days} days.`);
			return EXIT.ok;
		}
		factTable(ctx, records, true);
		ctx.out(ctx.paint('dim', `${records.length} facts not checked for more than ${days} days.`));
		return EXIT.ok;
	}
	const [ref, action, ...rest] = args;
	if (!ref || ref.startsWith('--'))
		throw new UsageError(
			'give a tool: `facts <tool> [set|verify|unset …]` or `facts --stale <days>`',
		);
	const tool = await resolveTool(ctx, ref);
	switch (action) {
		case undefined:
			return show(ctx, tool);
		case 'set':
			return set(ctx, tool, rest);
		case 'verify':
			return verify(ctx, tool, rest);
		case 'unset':
			return unset(ctx, tool, rest);
		default:
			throw new UsageError(`unknown facts action "${action}": set, verify or unset`);
	}
}

/**
 * The submitter's fact suggestions (/newapp/), for `show` and after `approve`: what to read
 * and the command that records it once a vendor page confirms it. Never recorded by itself.
 */
export function factSuggestionLines(
	ctx: EditorContext,
	submission: Submission,
	tool: string = '<tool>',
): string[] {
	const lines: string[] = [];
	const source = submission.pricingUrl ?? '<url>';
	if (submission.suggestedPlatforms.length)
		lines.push(`  runs on     ${submission.suggestedPlatforms.join(', ')} (suggested)`);
	if (submission.suggestedAudience.length)
		lines.push(`  built for   ${submission.suggestedAudience.join(', ')} (suggested)`);
	if (submission.pricingUrl) lines.push(`  pricing     ${submission.pricingUrl} (suggested)`);
	if (!lines.length) return [];
	return [
		...lines,
		ctx.paint(
			'dim',
			`              confirm each on a vendor page, then: \`facts ${tool} set platforms=… --source ${source} --quote "…"\``,
		),
	];
}
