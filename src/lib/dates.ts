/**
 * Days as the site stores and prints them: one rule for every page, island, feed and command.
 * A day is `YYYY-MM-DD` and is printed in UTC, so the day a page shows never depends on the
 * time zone of the machine that built it.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date column or value as `YYYY-MM-DD`, or null when it is not a real day: a `Date` (its UTC
 * day), or text starting with a valid day (`2026-12-02`, `2026-12-02T10:00:00Z`).
 */
export function isoDay(value: unknown): string | null {
	if (value instanceof Date)
		return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
	const text = typeof value === 'string' ? value.slice(0, 10) : '';
	const match = ISO_DAY.exec(text);
	if (!match) return null;
	const date = new Date(`${text}T00:00:00Z`);
	// 2026-02-30 parses to March: not a day of the calendar.
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** Today in UTC, as `YYYY-MM-DD`. */
export const today = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * How each style writes a day, all in UTC: `short` "2 Dec 2026" (when a fact or a connection was
 * checked), `long` "2 December 2026" (a newsletter issue, a map's date), `weekday` "Wednesday,
 * 2 December 2026" (a day of the change log), `month` "Dec 2026" (the stats' charts).
 */
const STYLES = {
	short: { day: 'numeric', month: 'short' },
	long: { day: 'numeric', month: 'long' },
	weekday: { weekday: 'long', day: 'numeric', month: 'long' },
	month: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;
const formats = new Map<Style, Intl.DateTimeFormat>();

// A build prints the same few days on tens of thousands of pages: each is formatted once.
const printed = new Map<string, string>();

/**
 * A day (`YYYY-MM-DD`, or a timestamp: its first ten characters) as a visitor reads it, in UTC, in
 * one of the STYLES ("2 Dec 2026" by default). A `Date` goes through `isoDay` first, so the islands
 * that print days carry no date parsing.
 */
export function dayLabel(day: string, style: Style = 'short'): string {
	const iso = day.slice(0, 10);
	const key = `${style} ${iso}`;
	let label = printed.get(key);
	if (label === undefined) {
		let format = formats.get(style);
		if (!format)
			formats.set(
				style,
				(format = new Intl.DateTimeFormat('en-GB', {
					...STYLES[style],
					year: 'numeric',
					timeZone: 'UTC',
				})),
			);
		label = format.format(new Date(`${iso}T00:00:00Z`));
		printed.set(key, label);
	}
	return label;
}
