const dayFormat = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone: 'UTC',
});

/**
 * "25 Nov 2026": when a fact was checked, the same in every time zone. A module of its own so
 * the compare island formats dates without importing the vocabulary (facts.ts re-exports it).
 */
export function checkedLabel(isoDay: string): string {
	return dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
}
