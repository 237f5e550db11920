import { styleText } from 'node:util';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

/** Colours only where the terminal shows them (a TTY, and NO_COLOR not set). */
export function painter(stream: NodeJS.WriteStream): (style: Style, text: string) => string {
	const enabled = Boolean(stream.isTTY) && !process.env.NO_COLOR;
	return (style, text) => (enabled ? styleText(style, text) : text);
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
	return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
