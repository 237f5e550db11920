/**
 * The compare page's address: `?tools=3,9,12`, also read from the repeated form
 * `?tools=3&tools=9` that a plain form submits, and written back in the comma form.
 * `&differences=only` keeps the "differences only" switch in a shared link.
 */
import { toolIdFromKey } from '../integrations/key.ts';

/** How many tools the table compares at once. */
export const MAX_TOOLS = 4;

export interface CompareAddress {
	/** The tools to compare, in the address's order, each once, at most `MAX_TOOLS`. */
	ids: number[];
	/** Ids after the first `MAX_TOOLS`, left out. */
	extra: number[];
	/** Values that are not tool ids at all, left out. */
	invalid: string[];
	differencesOnly: boolean;
}

export function readAddress(search: string): CompareAddress {
	const params = new URLSearchParams(search);
	const ids: number[] = [];
	const invalid: string[] = [];
	for (const value of params.getAll('tools')) {
		for (const token of value.split(',').map((part) => part.trim())) {
			if (!token) continue;
			const id = toolIdFromKey(token);
			if (id === null) invalid.push(token);
			else if (!ids.includes(id)) ids.push(id);
		}
	}
	return {
		ids: ids.slice(0, MAX_TOOLS),
		extra: ids.slice(MAX_TOOLS),
		invalid,
		differencesOnly: params.get('differences') === 'only',
	};
}

/** The address's query for these tools and switch, keeping any other parameter it had. */
export function writeAddress(
	search: string,
	ids: readonly number[],
	differencesOnly: boolean,
): string {
	const others = new URLSearchParams(search);
	others.delete('tools');
	others.delete('differences');
	const parts = [
		ids.length > 0 ? `tools=${ids.join(',')}` : '',
		differencesOnly ? 'differences=only' : '',
		others.toString(),
	].filter(Boolean);
	return parts.length > 0 ? `?${parts.join('&')}` : '';
}
