/**
 * The markup contract of the "works with" filter: the home page writes one `<datalist>` option
 * per tool that has a partner (most connected first), whose value is the tool's name and which
 * carries its key and its partners' ids. The island reads only the option the visitor chooses,
 * so the partner lists cost HTML bytes (measured in decision record 0010) but no script work
 * until used, and none of the catalogue is sent to the island again.
 */
export const WORKS_WITH_LIST_ID = 'works-with-tools';

/** Partner ids as an option carries them: sorted, space-separated. */
export function encodePartnerIds(ids: readonly number[]): string {
	return [...ids].sort((a, b) => a - b).join(' ');
}

export function decodePartnerIds(text: string | undefined): Set<number> {
	const ids = new Set<number>();
	for (const part of (text ?? '').split(' ')) if (part) ids.add(Number(part));
	return ids;
}

/** A chosen tool as the island knows it: its key, name and partner ids. */
export interface WorksWithChoice {
	key: string;
	name: string;
	partners: ReadonlySet<number>;
}

/**
 * Reads choices from the page's datalist by key or by name (case-insensitive), each parsed once
 * and kept. A key or name the list does not hold gives null.
 */
export function worksWithChoices(list: { options: ArrayLike<HTMLOptionElement> } | null) {
	const byKey = new Map<string, WorksWithChoice | null>();
	function choice(option: HTMLOptionElement | undefined): WorksWithChoice | null {
		if (!option?.dataset.key) return null;
		const key = option.dataset.key;
		if (!byKey.has(key))
			byKey.set(key, {
				key,
				name: option.value,
				partners: decodePartnerIds(option.dataset.partners),
			});
		return byKey.get(key)!;
	}
	const options = () => Array.from(list?.options ?? []);
	return {
		byKey: (key: string) =>
			byKey.get(key) ?? choice(options().find((option) => option.dataset.key === key)),
		byName(name: string) {
			const wanted = name.trim().toLowerCase();
			if (!wanted) return null;
			return choice(options().find((option) => option.value.toLowerCase() === wanted));
		},
	};
}
