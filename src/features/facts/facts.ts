import { isoDay } from '../../lib/dates.ts';
import { CATEGORIES, type CategorySlug } from '../../lib/categories.ts';
import { webAddress } from '../../lib/addresses.ts';
import {
	CURRENCIES,
	factKeysFor,
	FACTS,
	type FactKey,
	isFactKey,
	PRICE_PERIODS,
	PRICE_UNITS,
} from './vocabulary.ts';

/** How a fact came to be known: read on the vendor's page, or stated by the vendor itself. */
export type FactOrigin = 'read' | 'vendor';

/** A vendor page a fact was read on, and the day someone read it there (YYYY-MM-DD). */
export interface FactSource {
	url: string;
	verifiedOn: string;
	/** What this page says, when the fact was read across several pages. */
	value: string[];
	/** The sentence the page says, stating the value (null for a row recorded before quotes). */
	quote: string | null;
	/** 'vendor': stated by a verified vendor through a claimed listing, accepted by an editor. */
	origin: FactOrigin;
}

/**
 * One fact: its values (from its vocabulary), an optional detail, and the page or pages it was
 * read on. Only a set (platforms, say) is read across pages; its value is the union.
 */
export interface Fact {
	value: string[];
	detail: string | null;
	sources: FactSource[];
}

/** A tool's known facts; a missing key is a fact nobody has read on a vendor page yet. */
export type ToolFacts = Partial<Record<FactKey, Fact>>;

type Row = Record<string, unknown>;

const YEAR = /^(1[89]|20)\d{2}$/;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** Why a value does not fit its fact's vocabulary, or null when it does (the database's rule). */
export function factProblem(key: FactKey, value: readonly string[], detail: string | null) {
	const { shape } = FACTS[key];
	if (value.length === 0) return 'has no value';
	if (new Set(value).size !== value.length) return 'repeats a value';
	const one = () => (value.length === 1 ? null : 'takes one value');
	switch (shape.kind) {
		case 'set': {
			const unknown = value.filter((v) => !Object.hasOwn(shape.values, v));
			if (unknown.length)
				return `unknown value ${unknown.map((v) => JSON.stringify(v)).join(', ')} (one of: ${Object.keys(shape.values).join(', ')})`;
			return shape.max && value.length > shape.max ? `takes at most ${shape.max} values` : null;
		}
		case 'one':
			return (
				one() ??
				(!Object.hasOwn(shape.values, value[0])
					? `unknown value ${JSON.stringify(value[0])} (one of: ${Object.keys(shape.values).join(', ')})`
					: null) ??
				linkProblem(key, value, detail)
			);
		case 'text':
			return one() ?? (value[0].trim().length >= 1 && value[0].length <= 100 ? null : 'too long');
		case 'country':
			return one() ?? (regionName(value[0]) ? null : 'is not an ISO 3166 country code');
		case 'year':
			return one() ?? (YEAR.test(value[0]) ? null : 'is not a year');
		case 'price': {
			if (value.length !== 4) return 'takes amount, currency, unit and period';
			const [amount, currency, unit, period] = value;
			if (!AMOUNT.test(amount) || Number(amount) <= 0) return 'has an amount that is not a price';
			if (!(CURRENCIES as readonly string[]).includes(currency))
				return `has an unknown currency (one of: ${CURRENCIES.join(', ')})`;
			if (!(PRICE_UNITS as readonly string[]).includes(unit))
				return `has an unknown unit (one of: ${PRICE_UNITS.join(', ')})`;
			if (!Object.hasOwn(PRICE_PERIODS, period))
				return `has an unknown period (one of: ${Object.keys(PRICE_PERIODS).join(', ')})`;
			return null;
		}
	}
}

/**
 * A fact whose detail is a link (the vocabulary's `detail: 'url'`, an open API's docs) needs one
 * when it says yes: the detail starts with the address, and may go on in words (record 0030).
 */
function linkProblem(key: FactKey, value: readonly string[], detail: string | null) {
	if (FACTS[key].detail !== 'url' || value[0] !== 'yes' || webAddress(detail?.split(/\s/)[0]))
		return null;
	return 'needs the developer documentation address as its detail';
}

/** The address a fact's detail links to (an open API's documentation), or null. */
export function detailLink(key: FactKey, fact: Fact): string | null {
	return FACTS[key].detail === 'url' && fact.value[0] === 'yes' ? fact.detail : null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The English name of an ISO 3166 alpha-2 code, or undefined for anything else. */
export function regionName(code: string): string | undefined {
	if (!/^[A-Z]{2}$/.test(code)) return undefined;
	try {
		return regionNames.of(code);
	} catch {
		return undefined;
	}
}

/**
 * Turns `tool_facts` rows into each shown tool's facts, leaving out (with a warning) rows the
 * site cannot render safely (a value outside the vocabulary, a source that is not http(s)), so
 * one bad row never breaks the build.
 */
export function parseFacts(
	rows: readonly Row[],
	shownToolIds: ReadonlySet<number>,
	warn: (message: string) => void = console.warn,
): Map<number, ToolFacts> {
	const byTool = new Map<number, ToolFacts>();
	for (const row of rows) {
		const toolId = Number(row.tool_id);
		if (!shownToolIds.has(toolId)) continue;
		const key = String(row.fact);
		const value = Array.isArray(row.value) ? row.value.map(String) : [];
		const detail = typeof row.detail === 'string' && row.detail.trim() ? row.detail.trim() : null;
		const source = webAddress(row.source_url);
		const verifiedOn = isoDay(row.verified_on);
		let problem = isFactKey(key) ? factProblem(key, value, detail) : 'an unknown fact';
		if (!problem && !source) problem = 'a source that is not an http(s) URL';
		else if (!problem && !verifiedOn) problem = 'no date';
		if (problem) {
			warn(`[facts] left out tool ${toolId} fact ${JSON.stringify(key)}: ${problem}`);
			continue;
		}
		const facts = byTool.get(toolId) ?? {};
		const quote = typeof row.quote === 'string' && row.quote.trim() ? row.quote.trim() : null;
		const origin: FactOrigin = row.origin === 'vendor' ? 'vendor' : 'read';
		const read = { url: source!.href, verifiedOn: verifiedOn!, value, quote, origin };
		const known = facts[key as FactKey];
		if (known && FACTS[key as FactKey].shape.kind === 'set') {
			known.value = [...new Set([...known.value, ...value])];
			known.sources.push(read);
		} else facts[key as FactKey] = { value, detail, sources: [read] };
		byTool.set(toolId, facts);
	}
	// A set's values in its vocabulary's order, whatever order its pages were read in: the same
	// data gives the same page.
	for (const facts of byTool.values())
		for (const [key, fact] of Object.entries(facts) as [FactKey, Fact][]) {
			fact.value = inVocabularyOrder(key, fact.value);
			for (const source of fact.sources) source.value = inVocabularyOrder(key, source.value);
		}
	return byTool;
}

/** A set's values in its vocabulary's order, so equal sets read the same; other facts as they are. */
export function inVocabularyOrder(key: FactKey, values: readonly string[]): string[] {
	const { shape } = FACTS[key];
	if (shape.kind !== 'set') return [...values];
	const order = Object.keys(shape.values);
	return [...values].sort((x, y) => order.indexOf(x) - order.indexOf(y));
}

/** What a visitor reads for one value of a fact. */
export function valueLabel(key: FactKey, value: string): string {
	const { shape } = FACTS[key];
	if (shape.kind === 'set' || shape.kind === 'one') {
		if (key === 'also_does') return CATEGORIES.get(value as CategorySlug)?.label ?? value;
		return shape.values[value] ?? value;
	}
	if (shape.kind === 'country') return regionName(value) ?? value;
	return value;
}

// Making a number format costs far more than using one (2.5 s of a 10,000-tool build made one
// per price shown): one per currency and number of decimals.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, decimals: 0 | 2): Intl.NumberFormat {
	const key = `${currency} ${decimals}`;
	let format = moneyFormats.get(key);
	if (!format) {
		format = new Intl.NumberFormat('en-US', {
			style: 'currency',
			currency,
			minimumFractionDigits: decimals,
		});
		moneyFormats.set(key, format);
	}
	return format;
}

/** "USD 39 per user a month": a published starting price as a visitor reads it. */
export function priceLabel(value: readonly string[]): string {
	const [amount, currency, unit, period] = value;
	const money = moneyFormat(currency, amount.includes('.') ? 2 : 0).format(Number(amount));
	const per = unit === 'account' ? '' : ` per ${unit}`;
	return `${money}${per} ${PRICE_PERIODS[period as keyof typeof PRICE_PERIODS]}`.replace(
		/ once$/,
		' one-time',
	);
}

/** The fact's values in words, the detail after them: "Yes (up to 5 users)". */
export function factText(key: FactKey, fact: Fact): string {
	const main =
		key === 'starting_price'
			? priceLabel(fact.value)
			: fact.value.map((value) => valueLabel(key, value)).join(', ');
	// A link is shown as a link (detailLink), not in the words.
	const detail = fact.detail && FACTS[key].detail !== 'url' ? ` (${fact.detail})` : '';
	return main + detail;
}

export { sourceHost } from './source.ts';

/**
 * A tool's facts in page order, known or not: what a tool of its category can do (and what the
 * categories it also does can, where documented), then the common facts; a row for each, so the
 * unknown ones show as such.
 */
export function factRows(facts: ToolFacts | undefined, category: CategorySlug) {
	const keys = factKeysFor(category, (key) => Boolean(facts?.[key]), facts?.also_does?.value);
	return keys.map((key) => ({
		key,
		label: FACTS[key].label,
		capability: FACTS[key].capability === true,
		fact: facts?.[key] ?? null,
	}));
}
