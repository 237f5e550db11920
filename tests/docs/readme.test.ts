// The README is the first thing a newcomer runs: its quick start comes first. Every document a
// clone holds (the README, CONTRIBUTING.md, docs/*.md and the decision records, bench/README.md)
// names only npm commands that package.json has, links only to files the repository has, and
// points nowhere outside the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const scripts = Object.keys(
	(JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);

const markdownIn = (dir: string) =>
	readdirSync(dir)
		.filter((name) => name.endsWith('.md'))
		.map((name) => path.posix.join(dir, name));

/** The documents a reader follows: commands and links in them must work in a clone. */
const DOCS = [
	'README.md',
	'CONTRIBUTING.md',
	'bench/README.md',
	...markdownIn('docs'),
	...markdownIn('docs/decisions'),
];
/** The documents the split README became: each names npm commands that must exist. */
const GUIDES = ['README.md', 'docs/operating.md', 'docs/editing.md', 'CONTRIBUTING.md'];

/** `npm run <name>`, and the two npm runs without `run`: start and test. */
function npmCommands(text: string): Set<string> {
	return new Set(
		[...text.matchAll(/\bnpm (?:run (?:-s )?([a-z][\w:-]*)|(start|test)\b)/g)].map(
			(match) => match[1] ?? match[2],
		),
	);
}

/** Relative Markdown links (`[text](path#anchor)`), as paths from the repository's root. */
function relativeLinks(file: string): string[] {
	const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
		.map((match) => match[1])
		.filter((target) => !/^(?:[a-z][a-z+.-]*:|#|\/\/)/i.test(target))
		.map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)))
		.map((target) => decodeURIComponent(target.replace(/#.*$/, '')));
}

/** Every text file git would see, outside what is ignored or generated. */
function repositoryFiles(dir = '.'): string[] {
	const SKIP = new Set(['node_modules', '.git', 'dist', '.data', '.astro', '.netlify', 'coverage']);
	return readdirSync(dir).flatMap((name) => {
		if (SKIP.has(name) || name.startsWith('dist.')) return [];
		const file = dir === '.' ? name : path.posix.join(dir, name);
		if (statSync(file).isDirectory()) return repositoryFiles(file);
		return /\.(md|ts|tsx|mts|mjs|js|astro|json|toml|sql|css|sh|ya?ml)$|^\.|^run$/.test(name)
			? [file]
			: [];
	});
}

describe('the README', () => {
	it('gives the two commands (npm install && npm start, npm test) within its first 30 lines', () => {
		const top = readme.split('\n').slice(0, 30).join('\n');
		expect(top).toMatch(/npm install/);
		expect(top).toMatch(/npm start/);
		expect(top).toMatch(/npm test/);
	});

	it('stays short: about 120 lines at most', () => {
		expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(130);
	});

	it('names only npm commands that package.json has', () => {
		const named = npmCommands(readme);
		expect(named.size).toBeGreaterThan(2);
		for (const name of named) expect(scripts, `npm ${name}`).toContain(name);
	});
});

describe.each(GUIDES.filter((file) => file !== 'README.md'))('%s', (file) => {
	it('names only npm commands that package.json has', () => {
		const named = npmCommands(readFileSync(file, 'utf8'));
		expect(named.size).toBeGreaterThan(0);
		for (const name of named) expect(scripts, `npm ${name} in ${file}`).toContain(name);
	});
});

describe('the documents', () => {
	it('name only npm commands that package.json has', () => {
		const missing = DOCS.flatMap((file) =>
			[...npmCommands(readFileSync(file, 'utf8'))]
				.filter((name) => !scripts.includes(name))
				.map((name) => `${file}: npm ${name}`),
		);
		expect(missing).toEqual([]);
	});

	it('link only to files the repository has', () => {
		const broken = DOCS.flatMap((file) =>
			relativeLinks(file)
				.filter((target) => !existsSync(target))
				.map((target) => `${file} -> ${target}`),
		);
		expect(broken).toEqual([]);
	});

	it('together hold every variable .env.example names', () => {
		const documented = GUIDES.map((file) => readFileSync(file, 'utf8')).join('\n');
		const variables = [
			...readFileSync('.env.example', 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm),
		].map((match) => match[1]);
		expect(variables.length).toBeGreaterThan(10);
		expect(variables.filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
	});
});

describe('the repository', () => {
	it('refers to nothing outside itself (no ../shared)', () => {
		const outside = repositoryFiles().filter((file) =>
			readFileSync(file, 'utf8').includes('../shared'),
		);
		// This file names the string it looks for, and nothing else may.
		expect(outside.filter((file) => file !== 'tests/docs/readme.test.ts')).toEqual([]);
	});
});
