const dayFormat = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone: 'UTC',
});

// A build writes the same few days on tens of thousands of pages: each is formatted once.
const labels = new Map<string, string>();

/**
 * "25 Nov 2026": when a fact was checked, the same in every time zone. A module of its own so
 * the compare island formats dates without importing the vocabulary (facts.ts re-exports it).
 */
export function checkedLabel(isoDay: string): string {
	let label = labels.get(isoDay);
	if (label === undefined) {
		label = dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
		labels.set(isoDay, label);
	}
	return label;
}
