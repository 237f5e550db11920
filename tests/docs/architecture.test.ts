// docs/architecture.md's checkable claims, read from the source's imports: what each layer may
// import, that feature folders import each other without cycles, what an island may reach, and
// where addresses with a variable part are built. Imports are read with TypeScript's own
// pre-processor (static, dynamic, type-only and re-exports alike); an .astro file's imports are
// those of its frontmatter and its <script> blocks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = /\.(ts|tsx|mts|astro)$/;

/** Every source file under `dir`, repository-relative with forward slashes. */
function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const file = path.posix.join(dir, name);
		if (statSync(file).isDirectory()) return sourceFiles(file);
		return SOURCE.test(name) ? [file] : [];
	});
}

/** The code of a file whose imports count: an .astro file's frontmatter and scripts. */
function codeOf(file: string): string {
	const text = readFileSync(file, 'utf8');
	if (!file.endsWith('.astro')) return text;
	const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
	const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
	return [frontmatter, ...scripts].join('\n');
}

/** A relative specifier as the file it names (the extension may be left out; `?url` dropped). */
function resolve(from: string, specifier: string): string {
	const target = path.posix.normalize(
		path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')),
	);
	const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
	return (
		candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? target
	);
}

interface Import {
	from: string;
	specifier: string;
	/** The file imported, repository-relative; null for a package. */
	target: string | null;
}

function importsOf(file: string): Import[] {
	return ts.preProcessFile(codeOf(file), true, true).importedFiles.map(({ fileName }) => ({
		from: file,
		specifier: fileName,
		target: fileName.startsWith('.') ? resolve(file, fileName) : null,
	}));
}

const files = [...sourceFiles('src'), ...sourceFiles('netlify/functions')];
const imports = new Map(files.map((file) => [file, importsOf(file)]));
const all = [...imports.values()].flat();
const show = (found: Import) => `${found.from} imports '${found.specifier}'`;

const featureOf = (file: string | null) => file?.match(/^src\/features\/([^/]+)\//)?.[1];

/** Cycles between feature folders: each strongly connected set of two or more, with its edges. */
function featureCycles(): string[] {
	const edges = new Map<string, Map<string, string[]>>();
	for (const found of all) {
		const a = featureOf(found.from);
		const b = featureOf(found.target);
		if (!a || !b || a === b) continue;
		const out = edges.get(a) ?? new Map<string, string[]>();
		edges.set(a, out);
		out.set(b, [...(out.get(b) ?? []), show(found)]);
	}
	// Tarjan's strongly connected components.
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const components: string[][] = [];
	const visit = (node: string) => {
		index.set(node, index.size);
		low.set(node, index.get(node)!);
		stack.push(node);
		for (const next of edges.get(node)?.keys() ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) === index.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				component.push(member);
			} while (member !== node);
			if (component.length > 1) components.push(component.sort());
		}
	};
	for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
	return components.map((component) => {
		const within = component.flatMap((a) =>
			[...(edges.get(a) ?? [])]
				.filter(([b]) => component.includes(b))
				.map(([b, why]) => `  ${a} -> ${b}: ${why.join('; ')}`),
		);
		return [`cycle between ${component.join(', ')}:`, ...within].join('\n');
	});
}

describe('docs/architecture.md, checked against the imports', () => {
	it('reads the imports of every source file (the parser finds what it should)', () => {
		expect(files.length).toBeGreaterThan(100);
		const unresolved = all.filter(
			(found) =>
				found.target !== null && !existsSync(found.target) && !found.specifier.endsWith('.css'),
		);
		expect(unresolved.map(show)).toEqual([]);
	});

	it('lib imports nothing from features, server, pages, components or layouts', () => {
		const above = all.filter((found) =>
			found.from.startsWith('src/lib/')
				? /^src\/(features|server|pages|components|layouts)\//.test(found.target ?? '')
				: false,
		);
		expect(above.map(show)).toEqual([]);
	});

	it('feature folders import each other without cycles', () => {
		expect(featureCycles()).toEqual([]);
	});

	it("the server and the functions import only features' server modules", () => {
		const wrong = all.filter(
			(found) =>
				(found.from.startsWith('src/server/') || found.from.startsWith('netlify/functions/')) &&
				featureOf(found.target) &&
				!/\.server\.tsx?$/.test(found.target!),
		);
		expect(wrong.map(show)).toEqual([]);
	});

	it('no island (a .tsx outside *.server.tsx), nor anything it imports, reaches a *.server module', () => {
		const islands = files.filter((file) => file.endsWith('.tsx') && !file.endsWith('.server.tsx'));
		const reached: string[] = [];
		for (const island of islands) {
			const seen = new Set<string>();
			const todo = [island];
			while (todo.length) {
				const file = todo.pop()!;
				if (seen.has(file)) continue;
				seen.add(file);
				for (const found of imports.get(file) ?? []) {
					if (found.target === null) continue;
					if (/\.server\.tsx?$/.test(found.target)) reached.push(`${island}: ${show(found)}`);
					else todo.push(found.target);
				}
			}
		}
		expect(reached).toEqual([]);
	});

	it('addresses with a variable part are built only in src/lib/paths.ts and the modules it names', () => {
		// A template literal that starts with "/" and has a ${…} part: `/app/${id}/`.
		const BUILDERS = new Set([
			'src/lib/paths.ts',
			'src/features/facts/fact-filters.ts',
			'src/features/compare/pairs.ts',
			'src/features/compare/files.ts',
			'src/features/stack/graph.ts',
		]);
		const built = files
			.filter((file) => !/\.test\.tsx?$/.test(file) && !BUILDERS.has(file))
			.flatMap((file) =>
				[...readFileSync(file, 'utf8').matchAll(/`\/[\w?.-][^`]*?\$\{[^`]*`/g)].map(
					(match) => `${file}: ${match[0]}`,
				),
			);
		expect(built).toEqual([]);
	});
});
