/** Normalises a name or a query for matching: lowercase, so the search is case-insensitive. */
export function searchKey(text: string): string {
	return text.toLowerCase();
}

/**
 * The spec's search rule: a case-insensitive substring match on the name only. The query
 * is plain text (no patterns), so `C++`, `(`, `.` and `*` match literally. The query is
 * normalised once, so filtering a large catalogue costs one `includes` per name.
 */
export function nameMatcher(query: string): (nameKey: string) => boolean {
	const needle = searchKey(query.trim());
	return needle === '' ? () => true : (nameKey) => nameKey.includes(needle);
}
