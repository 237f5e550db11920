/**
 * The picker's matches: names that start with the query first, then names that contain it,
 * case-insensitively, leaving out the tools already chosen.
 */
export function matchNames<Entry extends readonly [number, string]>(
	entries: readonly Entry[],
	keys: readonly string[],
	query: string,
	chosen: readonly number[],
	limit: number,
): Entry[] {
	const wanted = query.trim().toLowerCase();
	if (!wanted) return [];
	const starting: Entry[] = [];
	const containing: Entry[] = [];
	entries.forEach((entry, at) => {
		if (starting.length >= limit || chosen.includes(entry[0])) return;
		const found = keys[at].indexOf(wanted);
		if (found === 0) starting.push(entry);
		else if (found > 0 && containing.length < limit) containing.push(entry);
	});
	return [...starting, ...containing].slice(0, limit);
}
