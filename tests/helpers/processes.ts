// Child processes for the server tests and the benchmark: `npm start` (scripts/start.ts) and
// an on-demand database owner as a build starts one (scripts/db-server.ts --idle-exit), both in Node
// with tsx's loader so a signal reaches the process itself; or `npm start` itself, npm included.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { waitForFileLock } from '../../src/lib/embedded-db/file-lock.server.ts';

export interface Started {
	child: ChildProcess;
	output: () => string;
}

/** Starts `script` and resolves once its output contains `ready`. */
export function startScript(
	args: string[],
	env: NodeJS.ProcessEnv,
	ready: string,
	timeoutMs = 60_000,
): Promise<Started> {
	const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return whenReady(child, args, ready, timeoutMs);
}

/**
 * Runs `npm start -- ...args` as a person does, npm's own process included, in a process group
 * of its own (a terminal's): `stopGroup` then sends Ctrl-C's signal to all of it.
 */
export function startNpmStart(
	args: string[],
	env: NodeJS.ProcessEnv,
	ready: string,
	timeoutMs = 60_000,
	/** The checkout whose `npm start` runs (an earlier commit's copy, say); this one's by default. */
	cwd = process.cwd(),
): Promise<Started> {
	const child = spawn('npm', ['start', '--', ...args], {
		cwd,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	return whenReady(child, ['npm start', ...args], ready, timeoutMs);
}

/** Signals every process of `child`'s group (see `startNpmStart`) and waits for `child`'s exit. */
export function stopGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
	return new Promise((resolve) => {
		child.once('exit', (code) => resolve(code));
		process.kill(-child.pid!, signal);
	});
}

function whenReady(
	child: ChildProcess,
	args: string[],
	ready: string,
	timeoutMs: number,
): Promise<Started> {
	let output = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`${args[0]} not ready:\n${output}`)),
			timeoutMs,
		);
		const onData = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			if (output.includes(ready)) {
				clearTimeout(timer);
				resolve({ child, output: () => output });
			}
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`${args[0]} exited with ${code}:\n${output}`));
		});
	});
}

/** Sends `signal` and resolves with the exit code once the process is gone. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
	return new Promise((resolve) => {
		child.once('exit', (code) => resolve(code));
		child.kill(signal);
	});
}

/**
 * Two `astro build`s in one checkout delete each other's prerender chunks (`.astro/.prerender`),
 * whatever their output directories. A test file whose server builds (`npm start` without
 * --no-build, then the editor's rebuilds) holds this lock from before its first build to its
 * end, so such files take turns however many workers run the unit project. Resolves with the
 * release.
 */
export async function takeBuildLock(timeoutMs = 5 * 60_000): Promise<() => void> {
	const lock = await waitForFileLock(path.resolve('.data/astro-build.lock.db'), { timeoutMs });
	return () => lock.release();
}
