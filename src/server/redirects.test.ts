import { describe, expect, it } from 'vitest';
import { parseRedirects } from './redirects.ts';

describe('parseRedirects', () => {
	it('reads exact path rules with their status (301 by default), the first rule for a path winning', () => {
		const warnings: string[] = [];
		const rules = parseRedirects(
			[
				'# Generated',
				'/compare/b-vs-a/ /compare/a-vs-b/ 301',
				'/old/ /new/',
				'/old/ /newer/ 302',
				'/moved/ /there/ 308',
				'',
			].join('\n'),
			(message) => warnings.push(message),
		);
		expect([...rules]).toEqual([
			['/compare/b-vs-a/', { to: '/compare/a-vs-b/', status: 301 }],
			['/old/', { to: '/new/', status: 301 }],
			['/moved/', { to: '/there/', status: 308 }],
		]);
		expect(warnings).toEqual([]);
	});

	it('leaves out, with a warning, what it cannot honour exactly', () => {
		const warnings: string[] = [];
		const rules = parseRedirects(
			['/blog/* /news/:splat 301', '/a/ /b/ 200', '/c/ /d/ 301!', 'relative /x/', '/e/'].join('\n'),
			(message) => warnings.push(message),
		);
		expect(rules.size).toBe(0);
		expect(warnings).toHaveLength(5);
	});
});
