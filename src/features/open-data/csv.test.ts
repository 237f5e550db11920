import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV', () => {
	it('quotes a field with a comma, quote or line break, doubling quotes', () => {
		expect(csvCell('plain')).toBe('plain');
		expect(csvCell('a, b')).toBe('"a, b"');
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
		expect(csvCell('two\nlines')).toBe('"two\nlines"');
		expect(csvCell(null)).toBe('');
		expect(csvCell(-3)).toBe('-3');
	});

	it('keeps text that starts like a formula from running as one', () => {
		expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
		expect(csvCell('+1')).toBe("'+1");
		expect(csvCell('-sum')).toBe("'-sum");
		expect(csvCell('@cmd')).toBe("'@cmd");
		expect(csvCell('a=b')).toBe('a=b');
	});

	it('quotes a field with a semicolon or a tab, so a spreadsheet set to ; splits no formula out of it', () => {
		expect(csvCell('-1 user only; =1+1')).toBe(`"'-1 user only; =1+1"`);
		expect(csvCell('a;b')).toBe('"a;b"');
		expect(csvCell('a\tb')).toBe('"a\tb"');
		// Read with either separator, the cell stays one, and its apostrophe keeps it text.
		const text = toCsv(['note'], [['-1 user only; =1+1'], ['a\t=1+1']]);
		for (const delimiter of [',', ';', '\t'])
			expect(parse(text, { bom: true, delimiter }), JSON.stringify(delimiter)).toEqual([
				['note'],
				["'-1 user only; =1+1"],
				['a\t=1+1'],
			]);
	});

	it('writes CRLF lines after a byte order mark, and a CSV library reads it back', () => {
		const text = toCsv(
			['id', 'name'],
			[
				[1, 'A, "B"\r\nC'],
				[2, 'é'],
			],
		);
		expect(text.startsWith('\uFEFFid,name\r\n')).toBe(true);
		expect(text.endsWith('\r\n')).toBe(true);
		expect(parse(text, { bom: true, columns: true })).toEqual([
			{ id: '1', name: 'A, "B"\r\nC' },
			{ id: '2', name: 'é' },
		]);
	});
});
