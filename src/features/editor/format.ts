import { inspect } from 'node:util';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

// Every line the editor prints goes through `terminalLine` (record 0027): stored text (a
// suggestion's quote, a submitter's name, a claimant's address) may hold ESC, BEL, C1 or
// bidirectional controls, which a terminal would obey (clear the screen, set the title, write
// the clipboard, hide text) or a newline that fakes a `source …` line. `paint` marks its colours
// with NUL, which no stored text can hold (Postgres text has no NUL, nor has a command-line
// argument), so the escaper can tell the editor's own colours from anything else.
const MARK = '\u0000';
const PAINTED = new RegExp(`${MARK}(?:(bold|dim|red|green|yellow|cyan)|/)${MARK}`, 'g');
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** A control character as visible text: `\x1b`, `\n`, `\u202e`. */
const visible = (c: string) => {
	const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
	const code = c.charCodeAt(0);
	return (
		named[c] ??
		(code < 0x100
			? `\\x${code.toString(16).padStart(2, '0')}`
			: `\\u${code.toString(16).padStart(4, '0')}`)
	);
};

/** Text with every control character shown as an escape, for a terminal. */
export function escapeControls(text: string): string {
	return text.replace(CONTROL, visible);
}

/** Marks `text` to be shown in `style` by `terminalLine` (the editor's `paint`). */
export function paintMark(style: Style, text: string): string {
	return `${MARK}${style}${MARK}${text}${MARK}/${MARK}`;
}

/**
 * The one escaper of the editor's output: control characters become visible escapes, and the
 * colours `paintMark` asked for become ANSI codes when `colour`, else nothing.
 */
export function terminalLine(line: string, colour: boolean): string {
	const open: string[] = [];
	let out = '';
	let last = 0;
	for (const match of line.matchAll(PAINTED)) {
		out += escapeControls(line.slice(last, match.index));
		last = match.index + match[0].length;
		if (match[1]) {
			const [on, off] = inspect.colors[match[1]]!;
			open.push(`\u001b[${off}m`);
			if (colour) out += `\u001b[${on}m`;
		} else {
			const off = open.pop();
			if (colour && off) out += off;
		}
	}
	return out + escapeControls(line.slice(last)) + (colour ? open.reverse().join('') : '');
}

/** Colours only where the terminal shows them (a TTY, and NO_COLOR not set). */
export function colourOn(stream: NodeJS.WriteStream): boolean {
	return Boolean(stream.isTTY) && !process.env.NO_COLOR;
}

const shorten = (text: string, width: number) =>
	text.length > width ? `${text.slice(0, width - 1)}…` : text;

/** A plain-text table: a header row, then one line per row, columns capped in width. */
export function table(headers: string[], rows: string[][], maxWidths: number[] = []): string[] {
	const widths = headers.map((header, column) =>
		Math.min(
			maxWidths[column] ?? 60,
			Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)),
		),
	);
	const line = (cells: string[]) =>
		cells
			.map((cell, column) => shorten(cell, widths[column]).padEnd(widths[column]))
			.join('  ')
			.trimEnd();
	return [line(headers), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)];
}

/** "3 d", "5 h", "12 min": how long ago, for the review queue. */
export function age(since: Date, now = new Date()): string {
	const minutes = Math.max(0, Math.round((now.getTime() - since.getTime()) / 60_000));
	if (minutes < 60) return `${minutes} min`;
	if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
	return `${Math.round(minutes / 1440)} d`;
}

/** One CSV field, quoted when it must be (RFC 4180), and never read as a formula by a spreadsheet. */
export function csvField(value: string): string {
	const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
	// `;` and tab too: the separators of a spreadsheet set to many European locales (record 0027).
	return /[",;\t\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
