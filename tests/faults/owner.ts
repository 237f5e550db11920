// The embedded database's owner as a real process (`scripts/db-server.ts`, what `npm start` and
// the build run), so faults can kill it, race it and feed it garbage from outside.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port.ts';

export interface OwnerRun {
	child: ChildProcess;
	/** Resolves with "ready" once it serves, or with its exit code when it stops first. */
	outcome: Promise<'ready' | number>;
	output: () => string;
}

/** A throwaway data directory and the environment that points every client at it. */
export async function faultEnv(extra: NodeJS.ProcessEnv = {}) {
	const root = await mkdtemp(path.join(os.tmpdir(), 'contech-fault-'));
	const env: NodeJS.ProcessEnv = {
		EMBEDDED_DB_DIR: path.join(root, 'pglite'),
		EMBEDDED_DB_PORT: String(await freePort()),
		SUPABASE_URL: '',
		RATE_LIMIT_SALT: 'fault-suite-salt',
		// No secret is in the repository (record 0027): the suite brings its own.
		NEWSLETTER_SECRET: 'fault-suite-newsletter-secret-0123456789',
		// The double opt-in's confirmation e-mails stay in the run's own directory.
		OUTBOX_DIR: path.join(root, 'outbox'),
		...extra,
	};
	return { root, env, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Starts an owner in Node itself with tsx's loader (the tsx command would be a wrapper that a
 * SIGKILL does not reach).
 */
export function runOwner(env: NodeJS.ProcessEnv): OwnerRun {
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const outcome = new Promise<'ready' | number>((resolve) => {
		const collect = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			if (output.includes('embedded database ready')) resolve('ready');
		};
		child.stdout!.on('data', collect);
		child.stderr!.on('data', collect);
		child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
	});
	return { child, outcome, output: () => output };
}

/** Starts an owner and waits until it serves. */
export async function startOwner(env: NodeJS.ProcessEnv): Promise<OwnerRun> {
	const run = runOwner(env);
	const result = await run.outcome;
	if (result !== 'ready') throw new Error(`db-server exited with ${result}: ${run.output()}`);
	return run;
}

export function stopOwner(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		child.once('exit', () => resolve());
		child.kill(signal);
	});
}
