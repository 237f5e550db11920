import { describe, expect, it } from 'vitest';
import { sourceLabel, wrapPoints } from './source.ts';

describe('a source as a page shows it (record 0029)', () => {
	it('is the host and a short form of the path, without the query', () => {
		expect(sourceLabel('https://www.procore.com/')).toBe('procore.com');
		expect(sourceLabel('https://www.procore.com/pricing?utm=x#y')).toBe('procore.com/pricing');
		expect(sourceLabel('https://support.stackct.com/hc/en-us')).toBe(
			'support.stackct.com/hc/en-us',
		);
		expect(
			sourceLabel(
				'https://kbase.oncenter.com/hc/en-us/articles/360012345-On-Screen-Takeoff-system-requirements',
			),
		).toBe('kbase.oncenter.com/hc/…/360012345-On-Scre…');
		expect(sourceLabel('https://example.com/a-very-long-single-segment-of-a-path')).toBe(
			'example.com/a-very-long-singl…',
		);
	});

	it('tells two pages of one site apart', () => {
		const a = sourceLabel('https://kbase.oncenter.com/article/AA-04174');
		const b = sourceLabel('https://kbase.oncenter.com/article/AA-01234');
		expect(a).not.toBe(b);
	});

	it('wraps only after a slash, dot, hyphen or question mark', () => {
		expect(wrapPoints('kbase.oncenter.com/hc/…/360012345-On-Scre…')).toEqual([
			'kbase.',
			'oncenter.',
			'com/',
			'hc/',
			'…/',
			'360012345-',
			'On-',
			'Scre…',
		]);
		expect(wrapPoints('procore.com').join('')).toBe('procore.com');
		for (const piece of wrapPoints('a.b/c-d?e')) expect(piece).toMatch(/^[^/.?-]*[/.?-]*$/);
	});
});
