// The compare page's address (`?tools=3,9,12&differences=only`), read and written with the
// pickers' list rules (picker/address.ts). Here, not there: each page's island carries only its
// own address code.
import { PICK_LIMITS, readToolList, type ToolList, writeParams } from '../picker/address.ts';

/** The compare page's address: its tools and the "differences only" switch. */
export interface CompareAddress extends ToolList {
	differencesOnly: boolean;
}

export function readCompareAddress(search: string): CompareAddress {
	return {
		...readToolList(search, PICK_LIMITS.compare),
		differencesOnly: new URLSearchParams(search).get('differences') === 'only',
	};
}

export const writeCompareAddress = (
	search: string,
	ids: readonly number[],
	differencesOnly: boolean,
) => writeParams(search, { tools: ids.join(','), differences: differencesOnly ? 'only' : null });
