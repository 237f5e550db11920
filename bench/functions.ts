// Subscribe and submit function latency and throughput on a throwaway embedded database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './functions-load.ts';
import { startBenchDb } from './synthetic.ts';

const WARM_UP_REQUESTS = 5; // as in functions-load.ts: not timed, but they add rows

export interface FunctionFigures extends LoadResult {
	/** Rows the load added, and the rows it should have added (one per accepted request). */
	rowsAdded: number;
	rowsExpected: number;
}

export type FunctionsOutcome =
	{ status: 'measured'; results: FunctionFigures[] } | { status: 'pending'; reason: string };

const TABLES: Record<string, string> = {
	subscribe: 'public.newsletter_subscribers',
	submit: 'public.new_app_submissions',
};

/** Runs the load in a child process (like the functions' own process beside the database owner). */
export async function benchFunctions(
	siteDir: string,
	options: { requests: number; concurrency: number; maxSeconds: number },
): Promise<FunctionsOutcome> {
	const missing = Object.keys(TABLES).filter(
		(name) => !existsSync(path.join(siteDir, `netlify/functions/${name}.mts`)),
	);
	if (missing.length > 0) {
		return {
			status: 'pending',
			reason: `netlify/functions/${missing.join('.mts, ')}.mts not found`,
		};
	}
	const db = await startBenchDb({ seed: true });
	try {
		// The benchmark measures the write path, not the per-form ceiling that stops a flood.
		await db.sql`update public.rate_limit_ceilings set max_hits = 1000000`;
		const count = async (table: string) =>
			(await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;
		const before = { subscribe: await count(TABLES.subscribe), submit: await count(TABLES.submit) };
		const script = path.resolve(import.meta.dirname, 'functions-load.ts');
		const args = [options.requests, options.concurrency, options.maxSeconds, Date.now()].map(
			String,
		);
		const output = await new Promise<string>((resolve, reject) => {
			const child = spawn(path.resolve('node_modules/.bin/tsx'), [script, ...args], {
				cwd: siteDir,
				env: {
					...process.env,
					PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
					EMBEDDED_DB_DIR: db.dataDir,
					EMBEDDED_DB_PORT: String(db.port),
					SUPABASE_URL: '',
					// No secret is in the repository (record 0027): the benchmark brings its own.
					NEWSLETTER_SECRET: 'benchmark-newsletter-secret-0123456789abcdef',
					RATE_LIMIT_SALT: 'benchmark-rate-limit-salt',
				},
				stdio: ['ignore', 'pipe', 'inherit'],
			});
			let text = '';
			// Bounded: the child stops issuing requests at maxSeconds; this is the hard stop.
			const timer = setTimeout(() => child.kill('SIGTERM'), (options.maxSeconds * 2 + 60) * 1000);
			child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
			child.once('error', reject);
			child.once('close', (code) => {
				clearTimeout(timer);
				if (code === 0) resolve(text);
				else reject(new Error(`function load exited with ${code}:\n${text.slice(-2000)}`));
			});
		});
		const line = output.split('\n').find((entry) => entry.startsWith('BENCH_RESULT '));
		if (!line) throw new Error(`function load printed no result:\n${output.slice(-2000)}`);
		const loads = JSON.parse(line.slice('BENCH_RESULT '.length)) as LoadResult[];
		const results: FunctionFigures[] = [];
		for (const load of loads) {
			const name = load.name as keyof typeof before;
			results.push({
				...load,
				rowsAdded: (await count(TABLES[name])) - before[name],
				rowsExpected: load.requests + WARM_UP_REQUESTS,
			});
		}
		return { status: 'measured', results };
	} finally {
		await db.stop();
	}
}
