// Small numeric and machine helpers shared by the benchmark steps.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The p-th percentile (0-100) of `values`, nearest-rank; NaN for an empty list. */
export function percentile(values: number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const median = (values: number[]) => percentile(values, 50);

/** "12.3 KB" style, with KB = 1,000 bytes (the budgets are read that strictly). */
export function kb(bytes: number, digits = 1): string {
	return `${(bytes / 1000).toFixed(digits)} KB`;
}

export function mb(bytes: number): string {
	return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function ms(value: number, digits = 1): string {
	return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

/** The machine the figures were measured on, for the report's header. */
export function machine(): Record<string, string> {
	const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
	const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
	let chromium = 'not found';
	try {
		chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
	} catch {
		// No Chromium: the browser figures are reported as not measured.
	}
	return {
		CPU: `${model} (${os.availableParallelism()} cores available)`,
		Memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
		OS: `${os.type()} ${os.release()}`,
		Node: process.version,
		Chromium: chromium,
		'Load average at start (1/5/15 min)': os
			.loadavg()
			.map((load) => load.toFixed(1))
			.join(' / '),
		Date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
	};
}
