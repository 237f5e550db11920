/**
 * How the tools compared stand on one fact, and which partners they share: no vocabulary, no
 * labels, so the compare island uses the same rules as the "A vs B" pages (rows.ts re-exports
 * these) without shipping the vocabulary to the browser.
 */

/** What a comparison reads of a fact: its values (any order) and its detail. */
export interface ComparedValue {
	value: readonly string[];
	detail?: string | null;
}

/** How one fact stands across the tools compared. */
export type RowState =
	/** Every tool's fact is known and they differ. */
	| 'differs'
	/** Known for some tools only: nothing to compare it with. */
	| 'partly-unknown'
	/** Known for every tool, and the same. */
	| 'same'
	/** Known for none. */
	| 'unknown';

const sameValue = (x: ComparedValue, y: ComparedValue) =>
	x.value.length === y.value.length &&
	x.value.every((value) => y.value.includes(value)) &&
	(x.detail ?? '') === (y.detail ?? '');

export function rowState(facts: readonly (ComparedValue | undefined)[]): RowState {
	const known = facts.filter((fact): fact is ComparedValue => Boolean(fact));
	if (known.length === 0) return 'unknown';
	if (known.length < facts.length) return 'partly-unknown';
	return known.every((fact) => sameValue(fact, known[0])) ? 'same' : 'differs';
}

/** Partners every tool compared works with, and those only one of them has (ids). */
export function partnerSplit(partners: readonly (readonly number[])[]): {
	shared: number[];
	only: number[][];
} {
	const counts = new Map<number, number>();
	for (const list of partners)
		for (const id of new Set(list)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const shared = [...counts].filter(([, n]) => n === partners.length).map(([id]) => id);
	const only = partners.map((list) => list.filter((id) => counts.get(id) === 1));
	return { shared, only };
}
