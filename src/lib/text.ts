/** Words in a sentence, the same on every page and in every island: lists, labels, counts. */

/** "A", "A and B", "A, B and C" (or "A, B or C"): names in a sentence. */
export function listNames(names: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
	return names.length < 2
		? (names[0] ?? '')
		: `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** A label inside a sentence: "Open API" → "open API", "SOC 2" stays, "Built for" → "built for". */
export function inSentence(label: string): string {
	const first = label.split(' ')[0];
	return first.length > 1 && first === first.toUpperCase()
		? label
		: label[0].toLowerCase() + label.slice(1);
}

/** "tool" / "tools": the noun for a count printed elsewhere (a chip's number), singular for one. */
export function nounFor(count: number, one: string, many = `${one}s`): string {
	return count === 1 ? one : many;
}

/** "1 tool" / "12 tools": a count and its noun, singular for one. */
export function plural(count: number, one: string, many = `${one}s`): string {
	return `${count} ${nounFor(count, one, many)}`;
}
