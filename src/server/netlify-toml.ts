// Reads netlify.toml itself, so `npm start` answers with the headers Netlify sends: the file is
// the one home for them and the two servers cannot drift.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';

const netlifyTomlSchema = z.object({
	build: z.object({ publish: z.string().default('dist') }).default({ publish: 'dist' }),
	functions: z
		.object({ directory: z.string().default('netlify/functions') })
		.default({ directory: 'netlify/functions' }),
	headers: z
		.array(z.object({ for: z.string(), values: z.record(z.string(), z.string()) }))
		.default([]),
});

export interface HeaderRule {
	/** The rule's `for` path pattern, as written. */
	for: string;
	matches: (pathname: string) => boolean;
	values: Record<string, string>;
}

export interface NetlifyConfig {
	publishDir: string;
	functionsDir: string;
	headerRules: HeaderRule[];
	/** Every header whose `for` pattern matches `pathname`, later rules winning on a name clash. */
	headersFor(pathname: string): Record<string, string>;
}

/**
 * Netlify's path patterns: `*` matches the rest of the path (including `/`), `:name` one
 * segment; everything else literally. `/*` also matches `/`.
 */
export function pathPattern(pattern: string): (pathname: string) => boolean {
	const source = pattern
		.split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
		.map((part) =>
			part === '*'
				? '.*'
				: part.startsWith(':')
					? '[^/]+'
					: part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
		)
		.join('');
	const regex = new RegExp(`^${source}$`);
	return (pathname) => regex.test(pathname);
}

/** Parses netlify.toml's text; throws with the file's problem when it is not what Netlify reads. */
export function parseNetlifyToml(text: string, root: string): NetlifyConfig {
	const config = netlifyTomlSchema.parse(parse(text));
	const headerRules = config.headers.map((rule) => ({
		for: rule.for,
		matches: pathPattern(rule.for),
		values: rule.values,
	}));
	return {
		publishDir: path.resolve(root, config.build.publish),
		functionsDir: path.resolve(root, config.functions.directory),
		headerRules,
		headersFor(pathname) {
			const headers: Record<string, string> = {};
			for (const rule of headerRules) {
				if (rule.matches(pathname)) Object.assign(headers, rule.values);
			}
			return headers;
		},
	};
}

/** netlify.toml of the project at `root` (the working directory by default). */
export function readNetlifyToml(root = process.cwd()): NetlifyConfig {
	const file = path.join(root, 'netlify.toml');
	return parseNetlifyToml(readFileSync(file, 'utf8'), root);
}
