// The README is the first thing a newcomer runs: its quick start comes first, and every npm
// command it names exists in package.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const scripts = Object.keys(
	(JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);

describe('the README', () => {
	it('gives the two commands (npm install && npm start, npm test) within its first 30 lines', () => {
		const top = readme.split('\n').slice(0, 30).join('\n');
		expect(top).toMatch(/npm install/);
		expect(top).toMatch(/npm start/);
		expect(top).toMatch(/npm test/);
	});

	it('names only npm commands that package.json has', () => {
		// `npm run <name>`, and the two npm runs without `run`: start and test.
		const named = new Set(
			[...readme.matchAll(/\bnpm (?:run (?:-s )?([a-z][\w:-]*)|(start|test)\b)/g)].map(
				(match) => match[1] ?? match[2],
			),
		);
		expect(named.size).toBeGreaterThan(5);
		for (const name of named) expect(scripts, `npm ${name}`).toContain(name);
	});
});
