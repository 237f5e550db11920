// `npm test`: everything a reviewer would check, stopping at the first failure: formatting
// (prettier), lint (eslint), types (astro check), then unit, store and function tests, then the built and
// served site with browser tests (vitest projects "unit" and "site").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NETLIFY_TELEMETRY_DISABLED: '1' };
const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'contech-test-')), 'vitest.json');
const steps: [string, string[]][] = [
	['prettier', ['--check', '.', '--log-level', 'warn']],
	['eslint', ['.']],
	['astro', ['check', '--minimumSeverity', 'warning']],
	[
		'vitest',
		[
			'run',
			'--reporter=default',
			'--reporter=json',
			`--outputFile.json=${report}`,
			...process.argv.slice(2),
		],
	],
];

for (const [command, args] of steps) {
	console.log(`\n$ ${command} ${args.join(' ')}`);
	const result = spawnSync(`node_modules/.bin/${command}`, args, { stdio: 'inherit', env });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

// A plain closing line that any CI can read.
const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(
	readFileSync(report, 'utf8'),
);
console.log(`\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
