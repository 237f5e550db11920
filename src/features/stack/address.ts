/** The most tools a stack compares; the picker asks for at least two. */
export const MAX_TOOLS = 8;

export interface StackAddress {
	/** Tool ids in the order chosen, each once, at most MAX_TOOLS. */
	toolIds: number[];
	/** A category slug, or '' for every category. */
	category: string;
}

/** Reads `?tools=1,2,3&category=scheduling`; anything unreadable is left out. */
export function readAddress(search: string): StackAddress {
	const params = new URLSearchParams(search);
	const ids = (params.get('tools') ?? '')
		.split(',')
		.filter((part) => /^[1-9]\d{0,15}$/.test(part))
		.map(Number);
	return {
		toolIds: [...new Set(ids)].slice(0, MAX_TOOLS),
		category: params.get('category') ?? '',
	};
}

/** The search part of the address for a stack, other parameters kept, commas left readable. */
export function writeAddress(search: string, { toolIds, category }: StackAddress): string {
	const params = new URLSearchParams(search);
	params.delete('tools');
	params.delete('category');
	if (toolIds.length) params.set('tools', toolIds.join(','));
	if (category) params.set('category', category);
	const text = params.toString().replaceAll('%2C', ',');
	return text ? `?${text}` : '';
}
