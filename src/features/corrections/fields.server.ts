// The submit function's rules for a correction, a claim and a claim's confirmation (record 0022).
// A correction's value is read from the field group of the chosen "what": without JavaScript
// every group is sent, and only the chosen one counts.
import { z } from 'zod';
import { siteHost } from '../../lib/addresses.ts';
import { CATEGORY_SLUGS, isCategorySlug } from '../../lib/categories.ts';
import { factProblem } from '../facts/facts.ts';
import { FACTS, type FactKey, isFactKey } from '../facts/vocabulary.ts';
import { emailField, nameField, urlField } from '../forms/fields.server.ts';
import {
	MOVE_KEYS,
	type Move,
	orderedMoves,
	STATUS_KEYS,
	VIA_KEYS,
} from '../integrations/details.ts';
import { isWhat, type ListingField, type ProposedChange, QUOTE_MAX, valueField } from './what.ts';

/** A correction as the database function takes it: the tool, the partner by name, the change. */
export interface Correction extends ProposedChange {
	toolId: number;
	partner: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) => [
	...new Set(
		text(value)
			.split(',')
			.map((v) => v.trim())
			.filter(Boolean),
	),
];

/**
 * The tool's id: a positive whole number, as a JSON number or decimal digits (the form posts
 * text). Not `z.coerce`: it read `true` as 1, `[6]`, `"0x6"`, `"1e0"` and `"6.0"` as ids.
 */
const toolIdField = z.union(
	[
		z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
		z
			.string()
			.trim()
			.regex(/^[1-9][0-9]{0,15}$/)
			.transform(Number)
			.pipe(z.number().max(Number.MAX_SAFE_INTEGER)),
	],
	{ error: 'Choose the tool this is about.' },
);

const optionalEmail = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
	emailField.optional(),
);

/** The site's own pages are never a source: a correction cites the vendor. */
function sourceField(ownHosts: ReadonlySet<string>) {
	return z.preprocess(
		(value) => (value === undefined ? '' : value),
		z
			.string({ error: 'Enter the address of the page that says it.' })
			.trim()
			.min(1, 'Enter the address of the page that says it (the source is required).')
			.pipe(urlField)
			.refine(
				(url) => !ownHosts.has(siteHost(new URL(url))),
				'The source must be the vendor’s page, not a page of this directory.',
			),
	);
}

const quoteField = z
	.string({ error: 'The quote must be text.' })
	.optional()
	.transform((raw) => (raw ?? '').replace(/\s+/g, ' ').trim() || null)
	.refine(
		(quote) => quote === null || quote.length <= QUOTE_MAX,
		`The quote is too long (${QUOTE_MAX} characters at most): copy the one sentence that says it.`,
	);

/** The value of a fact from the form's group for it: `value_<fact>`, or the price's four fields. */
function factValue(fact: FactKey, fields: Record<string, unknown>): string[] {
	if (FACTS[fact].shape.kind === 'price')
		return ['price_amount', 'price_currency', 'price_unit', 'price_period'].map((name) =>
			text(fields[name]),
		);
	// A text fact is one value, commas and all (a vendor named "Autodesk, Inc.").
	if (FACTS[fact].shape.kind === 'text') return [text(fields[valueField(fact)])].filter(Boolean);
	return list(fields[valueField(fact)]);
}

const FLOWS = { 'a-to-b': 'out', 'b-to-a': 'in', both: 'both' } as const;

/** Records why a field was refused; the transform then returns nothing (`z.NEVER`). */
type Refuse = (path: string, message: string) => never;
/** A correction with nothing proposed yet: the tool, the source, the quote and the e-mail. */
type Blank = Omit<Correction, 'what'>;

/** A fact's correction: the chosen group's value, and a detail where the fact takes one. */
function factCorrection(
	what: FactKey,
	fields: Record<string, unknown>,
	blank: Blank,
	refuse: Refuse,
): Correction {
	const value = factValue(what, fields);
	const detail = text(fields.detail) || null;
	const field = valueField(what);
	if (!value.some(Boolean)) return refuse(field, `Choose the ${FACTS[what].label} it should say.`);
	if (detail && !FACTS[what].detail)
		return refuse('detail', `${FACTS[what].label} takes no detail: leave it empty.`);
	if (detail && detail.length > 200)
		return refuse('detail', 'The detail is too long (200 characters at most).');
	const problem = factProblem(what, value, detail);
	if (problem)
		return refuse(
			detail && /detail/.test(problem) ? 'detail' : field,
			`${FACTS[what].label} ${problem}.`,
		);
	return { ...blank, what: 'fact', fact: what, value, detail };
}

/** An integration's correction: the partner by name, then how they connect, as the source says. */
function integrationCorrection(
	fields: Record<string, unknown>,
	blank: Blank,
	refuse: Refuse,
): Correction {
	const partner = text(fields.partner);
	if (!partner) return refuse('partner', 'Name the listed tool it works with.');
	const nameCheck = nameField.safeParse(partner);
	if (!nameCheck.success) return refuse('partner', 'Name the listed tool it works with.');
	const viaRaw = text(fields.via);
	const via = viaRaw ? (VIA_KEYS.find((key) => key === viaRaw) ?? null) : null;
	if (viaRaw && !via) return refuse('via', 'Choose how they connect from the list.');
	const service = text(fields.via_service) || null;
	if (via === 'middleware' && !service)
		return refuse('via_service', 'Name the service that connects them (Agave, Zapier...).');
	if (service && service.length > 60)
		return refuse('via_service', 'The service name is too long (60 characters at most).');
	const flowRaw = text(fields.direction);
	const flow = flowRaw ? (FLOWS[flowRaw as keyof typeof FLOWS] ?? null) : null;
	if (flowRaw && !flow) return refuse('direction', 'Choose which way data flows from the list.');
	const moves = list(fields.moves);
	if (moves.some((move) => !MOVE_KEYS.includes(move as Move)))
		return refuse('moves', 'Choose what it moves from the list.');
	const statusRaw = text(fields.link_status);
	const linkStatus =
		statusRaw && statusRaw !== 'current'
			? (STATUS_KEYS.find((key) => key === statusRaw) ?? null)
			: null;
	if (statusRaw && statusRaw !== 'current' && !linkStatus)
		return refuse('link_status', 'Choose the status from the list.');
	return {
		...blank,
		what: 'integration',
		partner: nameCheck.data,
		via,
		viaService: via === 'middleware' ? service : null,
		flow,
		moves: moves.length ? orderedMoves(moves as Move[]) : null,
		linkStatus,
	};
}

/** The listing's new text checked by its field's rule: the text, or why it is refused. */
function newListingText(what: ListingField, raw: string): { text: string } | { refused: string } {
	if (what === 'name' || what === 'url') {
		const checked = (what === 'name' ? nameField : urlField).safeParse(raw);
		return checked.success ? { text: checked.data } : { refused: checked.error.issues[0].message };
	}
	if (what === 'category')
		return isCategorySlug(raw)
			? { text: raw }
			: { refused: `Choose the category from the list (${CATEGORY_SLUGS.join(', ')}).` };
	if (!raw) return { refused: 'Write the description it should have.' };
	if (raw.length > 500) return { refused: 'The description is too long (500 characters at most).' };
	return { text: raw };
}

/**
 * A correction: `tool_id`, `what`, the chosen group's value, `source_url` (required), `quote`
 * (optional, at most 500 characters) and `email` (optional). `ownHosts` are this site's hosts.
 */
export function correctionSchema(ownHosts: ReadonlySet<string>) {
	return z
		.object({
			tool_id: toolIdField,
			what: z
				.string({ error: 'Choose what the correction is about.' })
				.refine(isWhat, 'Choose what the correction is about from the list.'),
			source_url: sourceField(ownHosts),
			quote: quoteField,
			email: optionalEmail,
		})
		.loose()
		.transform((input, context): Correction => {
			const fields = input as Record<string, unknown>;
			const refuse: Refuse = (path, message) => {
				context.addIssue({ code: 'custom', path: [path], message });
				return z.NEVER;
			};
			const blank: Blank = {
				toolId: input.tool_id,
				fact: null,
				value: null,
				detail: null,
				partner: null,
				via: null,
				viaService: null,
				flow: null,
				moves: null,
				linkStatus: null,
				newText: null,
				sourceUrl: input.source_url,
				quote: input.quote,
				email: input.email ?? null,
			};
			const what = input.what;
			if (isFactKey(what)) return factCorrection(what, fields, blank, refuse);
			if (what === 'integration') return integrationCorrection(fields, blank, refuse);
			const field = `new_${what}`;
			const checked = newListingText(what, text(fields[field]));
			if ('refused' in checked) return refuse(field, checked.refused);
			return { ...blank, what, newText: checked.text };
		});
}

/** A claim: the tool and a work e-mail; the domain is checked against the tool's in the write. */
export const claimSchema = z.object({ tool_id: toolIdField, email: emailField });

/** The claim link's button: the signed token, checked by the handler. */
export const claimConfirmSchema = z.object({
	token: z
		.string({ error: 'This link is incomplete.' })
		.trim()
		.min(1, 'This link is incomplete.')
		.max(200, 'This link is incomplete or was changed.'),
});
