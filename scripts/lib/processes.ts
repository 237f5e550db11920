// Child processes for the server tests: `npm start` (scripts/start.ts) and the on-demand
// database owner a build starts (scripts/db-server.ts --idle-exit), both in Node with tsx's
// loader so a signal reaches the process itself.
import { type ChildProcess, spawn } from 'node:child_process';

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
