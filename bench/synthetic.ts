// A throwaway embedded database holding a synthetic catalogue of a given size.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_SLUGS } from '../src/lib/categories.ts';
import { connectEmbedded, type Sql } from '../src/lib/store/embedded.server.ts';
import { freePort } from '../tests/helpers/free-port.ts';

export interface SyntheticTool {
	name: string;
	description: string;
	url: string;
	category: string;
}

// Deterministic, so every run (and every machine) benchmarks the same catalogue.
function prng(seed: number): () => number {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const SYLLABLES = (
	'build site plan struct field crew bid quant geo form beam steel con pro tek rebar grade ' +
	'pour frame truss survey draft level span core duct pipe volt crane brick slab vault arc ' +
	'ra mo ly io hub flow desk link base works sync wise mate pad stack grid scope track point'
).split(' ');
const SECOND_WORDS = (
	'Pro Cloud 360 Field Estimator Manager Suite Go Connect Insight Plus X Live Studio ' +
	'Takeoff Docs Safety Fleet Pay Schedule BIM Capture Bid Quality'
).split(' ');
// Names with characters a search box must treat literally, and non-ASCII letters.
const SPECIALS = ['& Co', '(Beta)', 'C++', '+', "O'Neil", 'Büro', 'Élan', '.io', '/BIM', '*Plus'];
const WORDS = (
	'construction software for general contractors subcontractors owners and project teams that ' +
	'tracks manages schedules estimates documents inspections drawings RFIs submittals budgets ' +
	'payroll equipment crews safety quality photos punch lists daily logs bids takeoffs costs ' +
	'on site in the field from the office with mobile apps cloud reports dashboards models'
).split(' ');

const pick = <T>(random: () => number, list: readonly T[]): T =>
	list[Math.floor(random() * list.length)];
const capitalise = (word: string) => word[0].toUpperCase() + word.slice(1);

function syntheticName(random: () => number): string {
	let name = capitalise(pick(random, SYLLABLES) + pick(random, SYLLABLES));
	if (random() < 0.5) name += pick(random, SYLLABLES);
	if (random() < 0.6) name += ` ${pick(random, SECOND_WORDS)}`;
	if (random() < 0.08) name += ` ${pick(random, SPECIALS)}`;
	return name.padEnd(5, 'o').slice(0, 30).trim();
}

function syntheticDescription(random: () => number): string {
	const target = 60 + Math.floor(random() * 161); // 60-220 characters
	let text = capitalise(pick(random, WORDS));
	while (text.length < target - 1) text += ` ${pick(random, WORDS)}`;
	return `${text.slice(0, target - 1).trimEnd()}.`;
}

/** `count` tools with realistic name and description lengths, every category, all live. */
export function syntheticCatalogue(count: number, seed = 42): SyntheticTool[] {
	const random = prng(seed);
	return Array.from({ length: count }, (_, index) => {
		const name = syntheticName(random);
		const host =
			name
				.toLowerCase()
				.replace(/[^a-z0-9]+/g, '-')
				.replace(/^-|-$/g, '') || 'tool';
		return {
			name,
			description: syntheticDescription(random),
			url: `https://${host}-${index + 1}.example.com/`,
			category: CATEGORY_SLUGS[index % CATEGORY_SLUGS.length],
		};
	});
}

/** Inserts tools in a few big statements (JSON arrays unpacked by Postgres), as `live`. */
export async function insertTools(sql: Sql, tools: SyntheticTool[]): Promise<void> {
	const CHUNK = 10_000;
	for (let start = 0; start < tools.length; start += CHUNK) {
		const chunk = tools.slice(start, start + CHUNK);
		await sql`
			insert into public.construction_apps (name, description, url, category, status)
			select name, description, url, category, 'live'
			from jsonb_to_recordset(${sql.json(chunk as never)}) as t(name text, description text, url text, category text)`;
	}
}

export interface BenchDb {
	dataDir: string;
	port: number;
	url: string;
	/** A superuser connection, for inserting and counting rows. */
	sql: Sql;
	stop(): Promise<void>;
}

const DB_START_TIMEOUT_MS = 60_000;

/**
 * Starts an embedded database in its own process (`scripts/db-server.ts`, as `npm run db`
 * does), in a temporary directory on a free port. A process per database, because a second
 * PGlite in one Node process has crashed V8 here ("Check failed: jit_page.has_value()").
 */
export async function startBenchDb(options: { seed: boolean }): Promise<BenchDb> {
	const root = await mkdtemp(path.join(os.tmpdir(), 'contech-bench-db-'));
	const dataDir = path.join(root, 'pglite');
	const port = await freePort();
	const script = path.resolve(import.meta.dirname, '../scripts/db-server.ts');
	const args = [script, ...(options.seed ? [] : ['--no-seed'])];
	const child = spawn(path.resolve('node_modules/.bin/tsx'), args, {
		env: {
			...process.env,
			PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
			EMBEDDED_DB_DIR: dataDir,
			EMBEDDED_DB_PORT: String(port),
		},
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error('benchmark database did not start')),
			DB_START_TIMEOUT_MS,
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const ready = /embedded database ready at (\S+)/.exec(output);
			if (ready) {
				clearTimeout(timer);
				resolve(ready[1]);
			}
		});
		child.once('exit', (code) => reject(new Error(`benchmark database exited with ${code}`)));
	});
	const sql = connectEmbedded(url, { max: 2 });
	return {
		dataDir,
		port,
		url,
		sql,
		async stop() {
			await sql.end({ timeout: 5 });
			child.kill('SIGTERM');
			await exited;
			await rm(root, { recursive: true, force: true });
		},
	};
}
