import { describe, expect, it } from 'vitest';
import { dayLabel, isoDay, today } from './dates.ts';

describe('dates', () => {
	it('reads a day from a Date, a day or a timestamp, and nothing else', () => {
		expect(isoDay(new Date('2026-12-02T23:30:00Z'))).toBe('2026-12-02');
		expect(isoDay('2026-12-02')).toBe('2026-12-02');
		expect(isoDay('2026-12-02T10:00:00+00:00')).toBe('2026-12-02');
		expect(isoDay('2026-02-30')).toBeNull();
		expect(isoDay('02/12/2026')).toBeNull();
		expect(isoDay(new Date('nonsense'))).toBeNull();
		expect(isoDay(20261202)).toBeNull();
		expect(isoDay(null)).toBeNull();
	});

	it('prints a day the same in every time zone', () => {
		expect(dayLabel('2026-11-25')).toBe('25 Nov 2026');
		expect(dayLabel('2026-01-03')).toBe('3 Jan 2026');
		expect(dayLabel('2026-12-02', 'long')).toBe('2 December 2026');
		expect(dayLabel('2026-12-02', 'weekday')).toBe('Wednesday, 2 December 2026');
		expect(dayLabel('2026-12-01', 'month')).toBe('Dec 2026');
		// Late evening in the Americas is the next day in UTC: the UTC day is printed.
		expect(dayLabel(isoDay(new Date('2026-12-02T23:30:00-05:00'))!)).toBe('3 Dec 2026');
		expect(today(new Date('2026-12-02T23:59:59Z'))).toBe('2026-12-02');
	});
});
