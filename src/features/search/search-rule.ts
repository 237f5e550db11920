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

/**
 * "1 tool" / "12 tools": the status line's count, and every page's. It lives with the search
 * rule, not in lib/text.ts: a module the home page's island shares with another island becomes
 * a chunk of its own, which the home page's budgeted JavaScript would carry (record 0028).
 */
export function toolCount(count: number): string {
	return `${count} ${count === 1 ? 'tool' : 'tools'}`;
}
