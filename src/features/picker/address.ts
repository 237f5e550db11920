/**
 * Tools chosen in an address, for every island that picks tools: `?tools=3,9,12` on the compare
 * and stack pages, `?works_with=12,40` on the home page. Read in the comma form and in the
 * repeated form a plain GET form sends (`?tools=3&tools=9`), each tool once, in order; written
 * with the page's own parameters first, other parameters kept, commas left readable.
 */
import { toolIdFromKey } from '../integrations/key.ts';
import { PICK_LIMITS } from './limits.ts';

export { PICK_LIMITS };

export interface ToolList {
	/** The tools, in the address's order, each once, at most the limit. */
	ids: number[];
	/** Tools past the limit, left out. */
	extra: number[];
	/** Values that are not a tool's number at all, left out. */
	invalid: string[];
}

/** The values of a list parameter, split at commas, trimmed, each once, in order. */
export function listValues(values: readonly (string | null | undefined)[]): string[] {
	const seen = new Set<string>();
	for (const value of values)
		for (const part of (value ?? '').split(',')) {
			const token = part.trim();
			if (token) seen.add(token);
		}
	return [...seen];
}

/** The tools a parameter names (`tools` unless said), at most `max`. */
export function readToolList(search: string, max: number, param = 'tools'): ToolList {
	const ids: number[] = [];
	const invalid: string[] = [];
	for (const token of listValues(new URLSearchParams(search).getAll(param))) {
		const id = toolIdFromKey(token);
		if (id === null) invalid.push(token);
		else if (!ids.includes(id)) ids.push(id);
	}
	return { ids: ids.slice(0, max), extra: ids.slice(max), invalid };
}

/**
 * The query with `own` parameters set (null or '' leaves one out) before every other parameter
 * `search` had, commas readable: `?tools=3,9&differences=only&ref=mail`.
 */
export function writeParams(search: string, own: Record<string, string | null>): string {
	const others = new URLSearchParams(search);
	const mine = new URLSearchParams();
	for (const [name, value] of Object.entries(own)) {
		others.delete(name);
		if (value) mine.set(name, value);
	}
	const text = [mine.toString(), others.toString()].filter(Boolean).join('&');
	return text ? `?${readableCommas(text)}` : '';
}

/** A comma may stand in a query: `12,40` reads better than `12%2C40`. */
export const readableCommas = (query: string) => query.replaceAll('%2C', ',');
