import { describe, expect, it } from 'vitest';
import { priceLabel, sourceHost } from './facts.ts';

// The labels are made once and kept (a build writes the same few on thousands of pages): what is
// kept must never stand in for another value.
describe('fact labels', () => {
	it('formats each price in its own currency and decimals, however many came before', () => {
		expect(priceLabel(['49', 'USD', 'user', 'month'])).toBe('$49 per user a month');
		expect(priceLabel(['12.5', 'USD', 'user', 'month'])).toBe('$12.50 per user a month');
		expect(priceLabel(['49', 'EUR', 'account', 'year'])).toBe('€49 a year');
		expect(priceLabel(['1200', 'GBP', 'project', 'once'])).toBe('£1,200 per project one-time');
		expect(priceLabel(['49', 'USD', 'seat', 'year'])).toBe('$49 per seat a year');
	});

	it('names each source by its site, without www', () => {
		expect(sourceHost('https://www.procore.com/pricing')).toBe('procore.com');
		expect(sourceHost('https://apps.apple.com/us/app/x/id1')).toBe('apps.apple.com');
		expect(sourceHost('https://www.procore.com/pricing')).toBe('procore.com');
	});
});
