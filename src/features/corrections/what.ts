// What a correction can be about (record 0022): a fact from the vocabulary, an integration with
// another listed tool, or one of the listing's own fields. Shared by the suggest form's island,
// its page and the submit function; small, since the island ships it.
import { CAPABILITY_KEYS } from '../facts/capabilities.ts';
import { COMMON_FACT_KEYS, FACTS, type FactKey, isFactKey } from '../facts/vocabulary.ts';
import type { Flow, Move, Status, Via } from '../integrations/details.ts';

/** The listing's own fields a visitor may correct, with their labels. */
export const LISTING_FIELDS = {
	name: 'Name',
	description: 'Description',
	url: 'Website address',
	category: 'Category',
} as const;
export type ListingField = keyof typeof LISTING_FIELDS;

/** The `what` of a suggestion as the form sends it: a fact key, `integration`, or a listing field. */
export type What = FactKey | 'integration' | ListingField;

const isListingField = (value: string): value is ListingField =>
	Object.hasOwn(LISTING_FIELDS, value);

export function isWhat(value: string): value is What {
	return isFactKey(value) || value === 'integration' || isListingField(value);
}

/** The form's "what" choices, grouped as the select shows them. */
export const WHAT_GROUPS: { label: string; options: [What, string][] }[] = [
	{ label: 'A fact', options: COMMON_FACT_KEYS.map((key) => [key, FACTS[key].label]) },
	{
		label: 'What it does',
		options: CAPABILITY_KEYS.map((key): [What, string] => [key, FACTS[key].label]).sort(
			([, a], [, b]) => a.localeCompare(b, 'en'),
		),
	},
	{ label: 'An integration', options: [['integration', 'Works with another listed tool']] },
	{
		label: 'The listing',
		options: Object.entries(LISTING_FIELDS) as [ListingField, string][],
	},
];

/**
 * The form field that carries a fact's proposed value: one shared yes/no group for every
 * capability, `value_<fact>` for the rest (a price has four fields; its amount is pointed at).
 */
export function valueField(fact: FactKey): string {
	if (FACTS[fact].capability) return 'value_capability';
	return FACTS[fact].shape.kind === 'price' ? 'price_amount' : `value_${fact}`;
}

/** The `kind` field that sends the suggest form and the claim form to the submit function. */
export const CORRECTION_KIND = 'correction';
export const CLAIM_KIND = 'claim';
export const CLAIM_CONFIRM_KIND = 'claim_confirm';
/** The button of the link a claimant's correction is mailed (record 0027). */
export const SUGGESTION_CONFIRM_KIND = 'suggestion_confirm';

/** The longest quote a suggestion keeps (the database checks the same). */
export const QUOTE_MAX = 500;

/**
 * What a correction proposes, as the submit function writes it and an editor reviews it: which
 * part of the listing, the value, where it was read and what that page says.
 */
export interface ProposedChange {
	what: 'fact' | 'integration' | ListingField;
	fact: FactKey | null;
	value: string[] | null;
	detail: string | null;
	via: Via | null;
	viaService: string | null;
	/** Seen from the tool: it sends (`out`), receives (`in`) or both. */
	flow: Flow | null;
	moves: Move[] | null;
	linkStatus: Status | null;
	newText: string | null;
	sourceUrl: string;
	quote: string | null;
	email: string | null;
}
