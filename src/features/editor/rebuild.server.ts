import { spawn } from 'node:child_process';
import path from 'node:path';
import { publishRelease } from '../../server/releases.ts';
import { EditorError, type EditorStore } from './types.ts';

export interface RebuildOptions {
	store: EditorStore;
	/** Netlify build hook URL (secret). Without it the site is rebuilt here, in place. */
	hookUrl?: string;
	/** How long to wait for other approvals to join this rebuild. */
	coalesceMs: number;
	attempts: number;
	backoffMs: number;
	/** Each build hook call gives up after this. */
	timeoutMs: number;
	/** Without a hook: the releases `npm start` serves (record 0013), where the rebuild is published. */
	releasesDir: string;
	/**
	 * Without a hook: the address the release is built with: SITE_URL when set, else the one the
	 * running `npm start` announced (record 0027), so canonical links, feeds and data files keep
	 * pointing where the site is served.
	 */
	siteUrl?: string;
	fetch?: typeof fetch;
	/** Publishes a release of the site (astro build); tests pass their own. */
	buildLocally?: () => Promise<void>;
	/**
	 * Without a hook: whether an `npm start` serves the releases. When none does, nothing is
	 * built (the next `npm start` builds from the database) and the requests are done.
	 */
	served?: () => boolean;
	/** Waits; tests pass their own clock. */
	sleep?: (ms: number) => Promise<void>;
	log: (line: string) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `astro build` into `outDir` (always the production build), with `siteUrl` as the site's
 * address when given (the one `npm start` announced), else the environment's.
 */
export function astroBuild(outDir: string, siteUrl?: string): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(path.resolve('node_modules/.bin/astro'), ['build'], {
			// Vite would honour an inherited NODE_ENV (e.g. `test`).
			env: {
				...process.env,
				...(siteUrl ? { SITE_URL: siteUrl } : {}),
				NODE_ENV: 'production',
				ASTRO_OUT_DIR: outDir,
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
}

async function callHook(options: RebuildOptions, title: string): Promise<void> {
	const url = new URL(options.hookUrl!);
	url.searchParams.set('trigger_title', title.slice(0, 200));
	const sleep = options.sleep ?? realSleep;
	let lastError = '';
	for (let attempt = 1; attempt <= options.attempts; attempt++) {
		try {
			const response = await (options.fetch ?? fetch)(url, {
				method: 'POST',
				body: '{}',
				signal: AbortSignal.timeout(options.timeoutMs),
			});
			await response.body?.cancel();
			if (response.ok) return;
			lastError = `the build hook answered ${response.status} ${response.statusText}`;
		} catch (error) {
			const reason =
				(error as Error).name === 'TimeoutError'
					? `no answer within ${options.timeoutMs / 1000} s`
					: (error as Error).message;
			lastError = `the build hook could not be reached (${reason})`;
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
 * How long a claim on rebuild requests holds before another rebuild may take them: longer
 * than any rebuild that is still running, so only an interrupted editor's claims expire.
 */
export const CLAIM_LEASE_SECONDS = 15 * 60;

/**
 * Records why the site needs a rebuild, waits briefly so approvals made together share one
 * build, then triggers it once for every request still waiting. Requests are claimed before
 * the build and marked done after it, so an editor interrupted in between leaves them for
 * the next rebuild; a failure puts them back. It never undoes what the editor did.
 */
export async function rebuildSite(
	options: RebuildOptions,
	reason: string,
): Promise<'triggered' | 'joined' | 'not_served'> {
	await options.store.requestRebuild(reason);
	if (options.coalesceMs > 0) {
		options.log(
			`rebuilding in ${options.coalesceMs / 1000} s (approvals made meanwhile join this rebuild)…`,
		);
		await (options.sleep ?? realSleep)(options.coalesceMs);
	}
	const { ids, reasons } = await options.store.claimRebuilds(CLAIM_LEASE_SECONDS);
	if (!ids.length) return 'joined';
	const title =
		reasons.length === 1
			? reasons[0]
			: `${reasons.length} catalogue changes: ${reasons.join('; ')}`;
	if (!options.hookUrl && options.served && !options.served()) {
		await options.store.finishRebuilds(ids);
		return 'not_served';
	}
	try {
		if (options.hookUrl) await callHook(options, title);
		else
			await (
				options.buildLocally ??
				(() =>
					publishRelease(options.releasesDir, (release) => astroBuild(release, options.siteUrl)))
			)();
	} catch (error) {
		const message = (error as Error).message;
		await options.store.releaseRebuilds(ids, message);
		throw new EditorError('rebuild_failed', `the rebuild failed: ${message}`);
	}
	await options.store.finishRebuilds(ids);
	return 'triggered';
}
