// Builds the site from a benchmark database into a temporary directory, timed and measured.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const GNU_TIME = '/usr/bin/time';
// A build that takes longer than this is stuck, not slow: stop it and report the failure.
const BUILD_TIMEOUT_MS = 30 * 60_000;

export interface BuildResult {
	outDir: string;
	/** Removes the build output. */
	dispose(): Promise<void>;
	wallMs: number;
	/** Peak resident memory of the build process (GNU time's maximum RSS), bytes. */
	peakRssBytes: number | null;
	cpuSeconds: number | null;
	log: string;
}

/**
 * `astro build` of `siteDir` from the embedded database at `port`/`dataDir`, into a temporary
 * directory, never the project's dist/. The directory is inside the (git-ignored) .data/ of
 * the site because Astro keeps prerender chunks in `<outDir>/.prerender` only when outDir is
 * inside the project; otherwise it shares `.astro/.prerender` and deletes it at the end,
 * which breaks any other build running at the same time.
 */
export async function buildSite(
	db: { dataDir: string; port: number },
	siteDir: string,
): Promise<BuildResult> {
	await mkdir(path.join(siteDir, '.data'), { recursive: true });
	const work = await mkdtemp(path.join(siteDir, '.data', 'bench-build-'));
	const outDir = path.join(work, 'dist');
	const timeFile = path.join(work, 'time.txt');
	const astro = path.join(siteDir, 'node_modules/.bin/astro');
	const useTime = existsSync(GNU_TIME);
	const [command, args] = useTime
		? [GNU_TIME, ['-v', '-o', timeFile, astro, 'build']]
		: [astro, ['build']];
	const env = {
		...process.env,
		// npm run puts node_modules/.bin (Node 24) first; keep it so when run directly too.
		PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		ASTRO_TELEMETRY_DISABLED: '1',
		ASTRO_OUT_DIR: outDir,
		EMBEDDED_DB_DIR: db.dataDir,
		EMBEDDED_DB_PORT: String(db.port),
		SUPABASE_URL: '',
	};
	const started = performance.now();
	const output: Buffer[] = [];
	const code = await new Promise<number | null>((resolve, reject) => {
		const child = spawn(command, args, { cwd: siteDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
		const timer = setTimeout(() => child.kill('SIGTERM'), BUILD_TIMEOUT_MS);
		child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
		child.once('error', reject);
		child.once('close', (exitCode) => {
			clearTimeout(timer);
			resolve(exitCode);
		});
	});
	const wallMs = performance.now() - started;
	const log = Buffer.concat(output).toString('utf8');
	await writeFile(path.join(work, 'build.log'), log);
	if (code !== 0) {
		throw new Error(
			`astro build failed (exit ${code}); log in ${work}/build.log:\n${log.slice(-2000)}`,
		);
	}
	const timeText = useTime ? await readFile(timeFile, 'utf8') : '';
	const rssKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(timeText)?.[1];
	const user = /User time \(seconds\): ([\d.]+)/.exec(timeText)?.[1];
	const system = /System time \(seconds\): ([\d.]+)/.exec(timeText)?.[1];
	return {
		outDir,
		dispose: () => rm(work, { recursive: true, force: true }),
		wallMs,
		peakRssBytes: rssKb ? Number(rssKb) * 1024 : null,
		cpuSeconds: user && system ? Number(user) + Number(system) : null,
		log,
	};
}

/** Total bytes and file count of a built directory. */
export async function directorySize(dir: string): Promise<{ bytes: number; files: number }> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	let bytes = 0;
	let files = 0;
	for (const entry of entries) {
		if (!entry.isFile()) continue;
		bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
		files++;
	}
	return { bytes, files };
}
