import { describe, expect, it } from 'vitest';
import { parseTools } from './catalogue.server.ts';

const good = {
	id: 1,
	name: 'Procore',
	description: 'PM',
	url: 'https://www.procore.com',
	category: 'project-management',
	published_at: '2026-01-01T00:00:00Z',
};

describe('parseTools', () => {
	it('keeps usable rows and leaves out unusable ones with a warning naming each', () => {
		const warnings: string[] = [];
		const tools = parseTools(
			[
				good,
				{ ...good, id: 2, name: '' },
				{ ...good, id: 3, name: null },
				{ ...good, id: 4, name: 'Evil', url: 'javascript:alert(1)' },
				{ ...good, id: 5, name: 'No scheme', url: 'example.com' },
				{ ...good, id: 6, name: 'Odd category', category: 'astrology' },
			],
			(message) => warnings.push(message),
		);
		expect(tools.map((tool) => tool.id)).toEqual([1]);
		expect(warnings).toHaveLength(5);
		expect(warnings[2]).toMatch(/id=4 name="Evil".*not http/);
		expect(warnings[3]).toMatch(/id=5/);
	});

	it('tolerates a missing description', () => {
		const [tool] = parseTools([{ ...good, description: null }]);
		expect(tool.description).toBe('');
	});
});
