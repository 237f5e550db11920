/** Normalises a name or a query for matching: lowercase, so the search is case-insensitive. */
export function searchKey(text: string): string {
	return text.toLowerCase();
}

/**
 * The spec's search rule: a case-insensitive substring match on the name only. The query
 * is plain text (no patterns), so `C++`, `(`, `.` and `*` match literally.
 */
export function nameMatches(nameKey: string, query: string): boolean {
	const needle = searchKey(query.trim());
	return needle === '' || nameKey.includes(needle);
}

/** "1 tool" / "12 tools". */
export function toolCount(count: number): string {
	return `${count} ${count === 1 ? 'tool' : 'tools'}`;
}
