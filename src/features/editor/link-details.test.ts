import { describe, expect, it } from 'vitest';
import { UsageError } from './cli.ts';
import { linkKind, parseDirection, parseMoves, parseStatus, parseVia } from './link-details.ts';

describe("the editor's words for a connection", () => {
	it('reads the vocabulary with hyphens or underscores, moves in vocabulary order, each once', () => {
		expect(parseDirection('a-to-b')).toBe('out');
		expect(parseDirection('b_to_a')).toBe('in');
		expect(parseDirection(undefined)).toBeNull();
		expect(parseMoves('RFIs, invoices-pay-apps,projects,rfis')).toEqual([
			'projects',
			'invoices_pay_apps',
			'rfis',
		]);
		expect(parseStatus('current')).toBeNull();
		expect(parseStatus('Retired')).toBe('retired');
	});

	it('takes --via as a way or a middleware service, never a mistyped way', () => {
		expect(parseVia('built-in')).toEqual({ via: 'built_in', service: null });
		expect(parseVia('File_Exchange')).toEqual({ via: 'file_exchange', service: null });
		expect(parseVia(' Trimble App Xchange ')).toEqual({
			via: 'middleware',
			service: 'Trimble App Xchange',
		});
		expect(parseVia('hh2')).toEqual({ via: 'middleware', service: 'hh2' });
		for (const bad of ['middleware', 'built_inn', 'file-exchang', '', 'x'.repeat(61), 'A,B'])
			expect(() => parseVia(bad), bad).toThrow(UsageError);
	});

	it('derives the kind from --via, and refuses a --kind that disagrees', () => {
		expect(linkKind(null, 'marketplace_app')).toBe('marketplace');
		expect(linkKind('api', 'middleware')).toBe('api');
		expect(linkKind('native', null)).toBe('native');
		expect(() => linkKind('native', 'middleware')).toThrow(/does not fit/);
		expect(() => linkKind(null, null)).toThrow(/say how they connect/);
	});
});
