// The stack page's address (`?tools=3,9&category=scheduling`), read and written with the
// pickers' list rules (picker/address.ts). Here, not there: each page's island carries only its
// own address code.
import { PICK_LIMITS, readToolList, writeParams } from '../picker/address.ts';

/** The stack page's address: its tools and a category slug ('' for every category). */
export interface StackAddress {
	toolIds: number[];
	category: string;
}

export function readStackAddress(search: string): StackAddress {
	return {
		toolIds: readToolList(search, PICK_LIMITS.stack).ids,
		category: new URLSearchParams(search).get('category') ?? '',
	};
}

export const writeStackAddress = (search: string, { toolIds, category }: StackAddress) =>
	writeParams(search, { tools: toolIds.join(','), category: category || null });
