import { describe, expect, it } from 'vitest';
import { shownFact, splitQuotes } from './files.server.ts';
import type { CompareTool } from './files.ts';

const source = (url: string, quote: string | null) => ({
	url,
	verifiedOn: '2026-12-02',
	value: ['web'],
	quote,
	origin: 'read' as const,
});

describe('splitQuotes', () => {
	it('leaves the quotes out of the file the island fetches, in a file of their own by fact and source', () => {
		const tool: CompareTool = {
			id: 7,
			name: 'Seven',
			categorySlug: 'field-management',
			facts: {
				platforms: shownFact('platforms', {
					value: ['web'],
					detail: null,
					sources: [
						source('https://seven.example/a', 'Runs in the browser.'),
						source('https://seven.example/b', null),
					],
				}),
			},
			partners: [],
		};
		const { file, quotes } = splitQuotes(tool);
		expect(JSON.stringify(file)).not.toContain('Runs in the browser.');
		expect(file.facts.platforms!.sources.map((s) => s.unquoted ?? false)).toEqual([false, true]);
		expect(quotes).toEqual({ platforms: ['Runs in the browser.', null] });
		// The model the vs pages render keeps them.
		expect(tool.facts.platforms!.sources[0].quote).toBe('Runs in the browser.');
	});
});
