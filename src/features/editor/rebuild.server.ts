import { spawn } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { EditorError, type EditorStore } from './types.ts';

export interface RebuildOptions {
	store: EditorStore;
	/** Netlify build hook URL (secret). Without it the site is rebuilt here, in place. */
	hookUrl?: string;
	/** How long to wait for other approvals to join this rebuild. */
	coalesceMs: number;
	attempts: number;
	backoffMs: number;
	fetch?: typeof fetch;
	buildLocally?: () => Promise<void>;
	log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the static site into a fresh directory, then swaps it in for dist/ at once. */
export async function buildInPlace(
	distDir = path.resolve(process.env.ASTRO_OUT_DIR || 'dist'),
): Promise<void> {
	const next = `${distDir}.next`;
	await rm(next, { recursive: true, force: true });
	await new Promise<void>((resolve, reject) => {
		const child = spawn(path.resolve('node_modules/.bin/astro'), ['build'], {
			// Always the production build: Vite would honour an inherited NODE_ENV (e.g. `test`).
			env: {
				...process.env,
				NODE_ENV: 'production',
				ASTRO_OUT_DIR: next,
				ASTRO_TELEMETRY_DISABLED: '1',
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0
				? resolve()
				: reject(new Error(`astro build exited with ${code}:\n${output.slice(-2000)}`)),
		);
	});
	const old = `${distDir}.old-${Date.now()}`;
	await rename(distDir, old).catch(() => {});
	await rename(next, distDir);
	await rm(old, { recursive: true, force: true });
}

async function callHook(options: RebuildOptions, title: string): Promise<void> {
	const url = new URL(options.hookUrl!);
	url.searchParams.set('trigger_title', title.slice(0, 200));
	let lastError = '';
	for (let attempt = 1; attempt <= options.attempts; attempt++) {
		try {
			const response = await (options.fetch ?? fetch)(url, {
				method: 'POST',
				body: '{}',
				signal: AbortSignal.timeout(15_000),
			});
			if (response.ok) return;
			lastError = `the build hook answered ${response.status} ${response.statusText}`;
		} catch (error) {
			lastError = `the build hook could not be reached (${(error as Error).message})`;
		}
		if (attempt < options.attempts) {
			const wait = options.backoffMs * 2 ** (attempt - 1);
			options.log(`rebuild attempt ${attempt} failed: ${lastError}; retrying in ${wait / 1000} s`);
			await sleep(wait);
		}
	}
	throw new Error(`${lastError} after ${options.attempts} attempts`);
}

/**
 * Records why the site needs a rebuild, waits briefly so approvals made together share one
 * build, then triggers it once for every request still waiting. A failure keeps the
 * requests for the next `rebuild`; it never undoes what the editor did.
 */
export async function rebuildSite(
	options: RebuildOptions,
	reason: string,
): Promise<'triggered' | 'joined'> {
	await options.store.requestRebuild(reason);
	if (options.coalesceMs > 0) {
		options.log(
			`rebuilding in ${options.coalesceMs / 1000} s (approvals made meanwhile join this rebuild)…`,
		);
		await sleep(options.coalesceMs);
	}
	const { ids, reasons } = await options.store.claimRebuilds();
	if (!ids.length) return 'joined';
	const title =
		reasons.length === 1
			? reasons[0]
			: `${reasons.length} catalogue changes: ${reasons.join('; ')}`;
	try {
		if (options.hookUrl) await callHook(options, title);
		else await (options.buildLocally ?? buildInPlace)();
	} catch (error) {
		const message = (error as Error).message;
		await options.store.releaseRebuilds(ids, message);
		throw new EditorError('rebuild_failed', `the rebuild failed: ${message}`);
	}
	return 'triggered';
}
