/**
 * The markup contract of the "works with" filter: the home page writes one `<datalist>` option
 * per tool that has a partner (most connected first), whose value is the tool's name and which
 * carries its key and its partners' ids. The island reads only the options it needs (the first
 * few as chips, the one chosen), so partner lists cost HTML bytes (decision record 0010) but
 * no script work until used, and no tool data goes into the island's props.
 */
export const WORKS_WITH_LIST_ID = 'works-with-tools';

/** The most connected tools offered as chips (links without JavaScript); the box offers all. */
export const HUB_CHIPS = 5;

/** Partner ids as an option carries them: sorted, space-separated. */
export function encodePartnerIds(ids: readonly number[]): string {
	return [...ids].sort((a, b) => a - b).join(' ');
}

export function decodePartnerIds(text: string | undefined): Set<number> {
	return new Set(text ? text.split(' ').map(Number) : []);
}

/** A tool the filter offers: its key, name and partner ids. */
export interface WorksWithChoice {
	key: string;
	name: string;
	partners: ReadonlySet<number>;
}

/**
 * Choices read from the page's datalist: by key, by name (case-insensitive) or the first few.
 * Each is parsed once and kept: a keystroke looks its filter's choice up in a Map, not the list.
 */
export function worksWithChoices(list: HTMLDataListElement | null) {
	const parsed = new Map<string, WorksWithChoice>();
	const options = () => Array.from(list?.options ?? []);
	const choice = (option: HTMLOptionElement | undefined) => {
		const key = option?.dataset.key;
		if (!key) return null;
		if (!parsed.has(key))
			parsed.set(key, {
				key,
				name: option.value,
				partners: decodePartnerIds(option.dataset.partners),
			});
		return parsed.get(key)!;
	};
	return {
		byKey: (key: string) =>
			parsed.get(key) ?? choice(options().find((option) => option.dataset.key === key)),
		byName(name: string) {
			const wanted = name.trim().toLowerCase();
			return wanted ? choice(options().find((o) => o.value.toLowerCase() === wanted)) : null;
		},
		// Called on every render of the island: index the collection, never copy all of it.
		first(count: number) {
			const found: WorksWithChoice[] = [];
			for (let i = 0; list && i < Math.min(count, list.options.length); i++)
				found.push(choice(list.options[i])!);
			return found;
		},
	};
}
