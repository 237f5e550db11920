// Markdown table and number formatting for the benchmark report.

export type Cell = string | number;
export type Verdict = 'met' | 'missed' | 'n/a';

/** null when a figure was not measured, so its budget can be neither met nor missed. */
export const verdict = (ok: boolean | null): Verdict =>
	ok === null ? 'n/a' : ok ? 'met' : 'missed';

const row = (cells: Cell[]) => `| ${cells.join(' | ')} |`;

export const table = (head: string[], rows: Cell[][]) =>
	[row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

export const count = (n: number) => n.toLocaleString('en-US');

export const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;
