import { describe, expect, it } from 'vitest';
import { isNew } from './freshness.ts';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('isNew', () => {
	it.each([
		[0, true],
		[6.9, true],
		[7, false],
		[30, false],
	])('a tool live %s days is new: %s', (days, expected) => {
		expect(isNew(daysAgo(days), now)).toBe(expected);
	});
	it('is false without a publication time or with one in the future', () => {
		expect(isNew(null, now)).toBe(false);
		expect(isNew(daysAgo(-1), now)).toBe(false);
	});
});
