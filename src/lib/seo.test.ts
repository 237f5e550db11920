import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle } from './seo.ts';

describe('metaDescription', () => {
	it('keeps short text, with whitespace tidied', () => {
		expect(metaDescription('  Plan   and\nbuild. ')).toBe('Plan and build.');
	});

	it('cuts long text at a word boundary with an ellipsis, within the limit', () => {
		const text = 'Construction management platform, '.repeat(10);
		const cut = metaDescription(text, 60);
		expect(cut.length).toBeLessThanOrEqual(60);
		expect(cut).toBe('Construction management platform, Construction management…');
	});

	it('cuts a single very long word where it must', () => {
		expect(metaDescription('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
	});
});

describe('pageTitle', () => {
	it('adds the site name to every page but the home page', () => {
		expect(pageTitle('Procore', 'ConTech')).toBe('Procore | ConTech');
		expect(pageTitle('ConTech', 'ConTech')).toBe('ConTech');
	});
});
