/**
 * The schema.org properties each type we emit may carry (from schema.org's definitions of these
 * types and their parents), and the ones we promise. A misspelt property fails the test.
 */
const THING = ['@context', '@type', '@id', 'name', 'description', 'url', 'image', 'sameAs'];
const CREATIVE_WORK = [...THING, 'mainEntityOfPage', 'inLanguage', 'publisher', 'dateModified'];

export const SCHEMA_TYPES: Record<string, { allowed: string[]; required: string[] }> = {
	WebSite: {
		allowed: [...CREATIVE_WORK, 'potentialAction'],
		required: ['name', 'url', 'potentialAction'],
	},
	SearchAction: {
		allowed: [...THING, 'target', 'query-input'],
		required: ['target', 'query-input'],
	},
	EntryPoint: { allowed: [...THING, 'urlTemplate'], required: ['urlTemplate'] },
	ItemList: {
		allowed: [...THING, 'itemListElement', 'numberOfItems', 'itemListOrder'],
		required: ['itemListElement', 'numberOfItems'],
	},
	ListItem: { allowed: [...THING, 'position', 'item'], required: ['position', 'url'] },
	SoftwareApplication: {
		allowed: [
			...CREATIVE_WORK,
			'applicationCategory',
			'applicationSubCategory',
			'operatingSystem',
			'offers',
		],
		required: ['name', 'url', 'description', 'applicationCategory'],
	},
	/** A tool's published starting price (record 0019: only where the vendor publishes one). */
	Offer: { allowed: [...THING, 'price', 'priceCurrency'], required: ['price', 'priceCurrency'] },
};

/** Problems with one JSON-LD node and its nested nodes: unknown types, unknown or missing fields. */
export function schemaProblems(node: unknown, path = '$'): string[] {
	if (Array.isArray(node)) return node.flatMap((item, i) => schemaProblems(item, `${path}[${i}]`));
	if (typeof node !== 'object' || node === null) return [];
	const record = node as Record<string, unknown>;
	const problems: string[] = [];
	const type = record['@type'];
	if (typeof type === 'string') {
		const spec = SCHEMA_TYPES[type];
		if (!spec) return [`${path}: unexpected @type ${type}`];
		for (const key of Object.keys(record))
			if (!spec.allowed.includes(key)) problems.push(`${path}: ${type} has no property ${key}`);
		for (const key of spec.required)
			if (record[key] === undefined || record[key] === '')
				problems.push(`${path}: ${type} lacks ${key}`);
	}
	for (const [key, value] of Object.entries(record))
		problems.push(...schemaProblems(value, `${path}.${key}`));
	return problems;
}
