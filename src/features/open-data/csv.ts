/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field holding a comma, quote or line break in
 * double quotes, quotes doubled; a semicolon or a tab too, the separators a spreadsheet set to
 * a German, French, Spanish, Italian or Dutch locale splits on, record 0027), opened by a spreadsheet as it is: a UTF-8 byte order mark so
 * that Excel reads names as UTF-8, and text that starts with =, +, -, @ (or a tab or carriage
 * return) prefixed with an apostrophe, so that no cell runs as a formula (OWASP's CSV injection).
 */

export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One field: numbers as they are, null empty, text defused and quoted as needed. */
export function csvCell(value: Cell): string {
	if (value === null) return '';
	if (typeof value === 'number') return String(value);
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then a line per row, each ended by CRLF, after a byte order mark. */
export function toCsv(header: readonly string[], rows: Iterable<readonly Cell[]>): string {
	const lines = [header.map(csvCell).join(',')];
	for (const row of rows) lines.push(row.map(csvCell).join(','));
	return `\uFEFF${lines.join('\r\n')}\r\n`;
}
