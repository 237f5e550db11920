// The peers of the first-view budget (docs/design.md, "Budgets"): two built sites with the same
// tools, served on loopback so `npm run audit -- --peers <dir>` measures them in the same sitting
// as the project, runs interleaved. The folder of peer sites is not part of this repository: it
// is given by `--peers <dir>` or `PEERS_DIR`, and without either the audit says that the peers
// are not measured and why, and measures the site alone. What the folder holds: see PEERS below
// and bench/README.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port.ts';

export interface Peer {
	name: string;
	base: string;
	/** A tool page of the same catalogue, as the peers' README names it. */
	toolPath: string;
}

interface PeerSpec {
	name: string;
	/** Script and environment, relative to the peers directory. */
	script: string;
	env: (port: number) => Record<string, string>;
	toolPath: string;
}

const PEERS: PeerSpec[] = [
	{
		name: 'replica (the replaced site)',
		script: 'replica/server.mjs',
		env: (port) => ({ PORT: String(port), DATA: 'tools.json' }),
		toolPath: '/app/89/',
	},
	{
		name: 'Minted Directory',
		script: 'serve.mjs',
		env: (port) => ({ PORT: String(port), DIR: 'minted-directory/dist' }),
		toolPath: '/1build/',
	},
];

async function answers(url: string): Promise<boolean> {
	return fetch(url).then(
		(response) => response.ok,
		() => false,
	);
}

/** The environment variable that names the folder of peer sites when `--peers` is not given. */
export const PEERS_DIR_VARIABLE = 'PEERS_DIR';

/**
 * The folder of peer sites: the `--peers` option if given, else `PEERS_DIR`, else null (no
 * default: the folder lives outside the repository, wherever its owner keeps it).
 */
export function peersDir(
	option: string | undefined,
	env: NodeJS.ProcessEnv = process.env,
): string | null {
	const dir = option?.trim() || env[PEERS_DIR_VARIABLE]?.trim();
	return dir ? path.resolve(dir) : null;
}

/** Why the peers are not measured, printed when no folder was given. */
export const PEERS_ABSENT =
	`Peers not measured: no folder of peer sites was given (--peers <dir> or ${PEERS_DIR_VARIABLE}=<dir>). ` +
	'The home page\'s "below both peers\' LCP" budget needs them in the same sitting; the other ' +
	'first-view budgets are measured without them (docs/design.md, bench/README.md).';

/** Starts every peer from `dir` on a free loopback port; `stop` ends them. */
export async function startPeers(dir: string): Promise<{ peers: Peer[]; stop(): void }> {
	const children: ChildProcess[] = [];
	const stop = () => children.forEach((child) => child.kill('SIGTERM'));
	try {
		const peers: Peer[] = [];
		for (const spec of PEERS) {
			const script = path.join(dir, spec.script);
			if (!existsSync(script))
				throw new Error(`no peer at ${script} (--peers <dir> names the folder: bench/README.md)`);
			const port = await freePort();
			const child = spawn(process.execPath, [script], {
				// The replica reads DATA relative to its own directory.
				cwd: path.dirname(script),
				env: { ...process.env, ...spec.env(port) },
				stdio: 'ignore',
			});
			children.push(child);
			const base = `http://127.0.0.1:${port}`;
			const deadline = Date.now() + 15_000;
			while (!(await answers(`${base}${spec.toolPath}`))) {
				if (child.exitCode !== null || Date.now() > deadline)
					throw new Error(`${spec.name} did not answer at ${base}${spec.toolPath}`);
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
			peers.push({ name: spec.name, base, toolPath: spec.toolPath });
		}
		return { peers, stop };
	} catch (error) {
		stop();
		throw error;
	}
}
