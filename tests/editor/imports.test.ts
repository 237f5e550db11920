// The editor's modules import one another without a loop (cli.ts holds what the command files
// share; types.ts the store interfaces): a loop makes the order of evaluation matter and the
// next helper a maze. Reads the relative imports of every file in src/features/editor/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const DIR = path.resolve('src/features/editor');

function importsOf(file: string): string[] {
	const source = readFileSync(path.join(DIR, file), 'utf8');
	return [...source.matchAll(/^(?:import|export)\b[^;]*?from '\.\/([^']+)'/gms)].map(
		(match) => match[1],
	);
}

/** Every cycle found by a depth-first walk, as the list of files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const walk = (file: string, trail: string[]) => {
		const at = trail.indexOf(file);
		if (at >= 0) return void found.push([...trail.slice(at), file]);
		for (const next of graph.get(file) ?? []) walk(next, [...trail, file]);
	};
	for (const file of graph.keys()) walk(file, []);
	return found;
}

it('src/features/editor has no import loop', () => {
	const files = readdirSync(DIR).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
	const graph = new Map(files.map((file) => [file, importsOf(file)]));
	// The walk sees real edges: commands.ts imports the command files it gathers.
	expect(graph.get('commands.ts')).toEqual(
		expect.arrayContaining(['cli.ts', 'integrations.ts', 'newsletter.ts']),
	);
	expect(cycles(graph)).toEqual([]);
});
