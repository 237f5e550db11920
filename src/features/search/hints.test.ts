import { describe, expect, it } from 'vitest';
import { hintWords, matchingHints } from './hints.ts';

const hints = [
	{ label: 'Estimating & Takeoff', href: '/category/estimating/', text: 'a' },
	{ label: 'On-screen 2D takeoff', href: '/category/estimating/takeoff-2d/', text: 'b' },
	{ label: 'Scheduling & Planning', href: '/category/scheduling/', text: 'c' },
	{ label: 'Critical path (CPM)', href: '/category/scheduling/cpm/', text: 'd' },
];

describe('search hints', () => {
	it('drops the words that name no job', () => {
		expect(hintWords('Takeoff software')).toEqual(['takeoff']);
		expect(hintWords('construction scheduling app')).toEqual(['scheduling']);
		expect(hintWords('software')).toEqual([]);
	});

	it('offers the categories and capabilities whose names hold every word', () => {
		expect(matchingHints('takeoff software', hints).map((hint) => hint.text)).toEqual(['a', 'b']);
		expect(matchingHints('2d takeoff', hints).map((hint) => hint.text)).toEqual(['b']);
		expect(matchingHints('CPM', hints).map((hint) => hint.label)).toEqual(['Critical path (CPM)']);
		expect(matchingHints('software', hints)).toEqual([]);
		expect(matchingHints('Procore', hints)).toEqual([]);
	});
});
