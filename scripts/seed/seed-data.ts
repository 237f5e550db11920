// What both seed generators (`npm run seed:facts`, `npm run seed:integrations`) do alike: read
// their research and the seed, write SQL literals, replace their generated block in
// supabase/seed.sql, and stop with the list of problems when the research does not fit.
import { readFileSync, writeFileSync } from 'node:fs';
import type { z } from 'zod';

export const SEED = 'supabase/seed.sql';

/** A research file checked against its schema (zod throws with every problem). */
export const readResearch = <T extends z.ZodType>(file: string, schema: T): z.output<T> =>
	schema.parse(JSON.parse(readFileSync(file, 'utf8')));

/** The seed as it is now. */
export const readSeed = () => readFileSync(SEED, 'utf8');

/** The names of the tools the seed inserts (`  ('Name', 'description', 'https:…`). */
export function seedToolNames(seed: string): Set<string> {
	return new Set(
		[...seed.matchAll(/^ {2}\('((?:[^']|'')+)', '(?:[^']|'')*', 'https?:/gm)].map((match) =>
			match[1].replaceAll("''", "'"),
		),
	);
}

/** A SQL string literal, or null. */
export const sqlLiteral = (value: string | null | undefined) =>
	value == null ? 'null' : `'${value.replaceAll("'", "''")}'`;

/** Text for a Markdown table cell. */
export const tableCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Stops the run when the research has problems, listing each: the research is corrected. */
export function stopOnProblems(research: string, problems: readonly string[]) {
	if (!problems.length) return;
	console.error(`${research} has ${problems.length} problems:\n${problems.join('\n')}`);
	process.exit(1);
}

/**
 * The seed with `block` (which starts with `begin` and ends with `end` and a new line) in place
 * of its block between those markers; when it has none yet, before the line starting with
 * `before`, or at the end.
 */
export function placeBlock(
	seed: string,
	begin: string,
	end: string,
	block: string,
	before?: string,
): string {
	const start = seed.indexOf(begin);
	if (start !== -1)
		return seed.slice(0, start) + block + seed.slice(seed.indexOf(end, start) + end.length + 1);
	const at = before ? seed.indexOf(`\n${before}`) : -1;
	return at === -1
		? `${seed.trimEnd()}\n\n${block}`
		: `${seed.slice(0, at + 1)}${block}\n${seed.slice(at + 1)}`;
}

/**
 * `--check`: read and check the research, write nothing (a researcher's check while another
 * researcher's files are not yet merged).
 */
export const CHECK_ONLY = process.argv.includes('--check');

/** Writes a generated file, except under `--check`. */
export function writeGenerated(file: string, text: string) {
	if (CHECK_ONLY) console.log(`--check: ${file} not written`);
	else writeFileSync(file, text);
}

/** Writes `block` in place of the seed's block between its markers (see placeBlock). */
export function writeSeedBlock(seed: string, begin: string, end: string, block: string) {
	writeGenerated(SEED, placeBlock(seed, begin, end, block));
}
