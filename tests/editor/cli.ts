import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/**
 * The environment `npm run editor` runs with against a test database: its data directory and
 * port (a `TestDb`, or the site tests' `inject('dbDir')` and port), a rebuild called at once and
 * retried after 10 ms, and a site address (`https://directory.example.com` unless `extra` names
 * one). `extra` adds or overrides the rest: a build hook, an outbox, a secret.
 */
export function editorEnv(
	db: { dataDir: string; port: number | string },
	extra: Record<string, string> = {},
): Record<string, string> {
	return {
		EMBEDDED_DB_DIR: db.dataDir,
		EMBEDDED_DB_PORT: String(db.port),
		REBUILD_COALESCE_SECONDS: '0',
		REBUILD_BACKOFF_MS: '10',
		SITE_URL: 'https://directory.example.com',
		...extra,
	};
}

/** Runs `npm run editor -- …` as an editor would, against the given environment. */
export function editor(
	args: string[],
	env: Record<string, string>,
	signal?: AbortSignal,
): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		// One process (node with tsx's loader, not the tsx wrapper), so killing it kills the editor.
		const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/editor.ts', ...args], {
			env: {
				...process.env,
				NO_COLOR: '1',
				SUPABASE_URL: '',
				NETLIFY_BUILD_HOOK_URL: '',
				SMTP_URL: '',
				...env,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			signal,
			killSignal: 'SIGKILL',
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('error', (error) => (signal?.aborted ? undefined : reject(error)));
		child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
	});
}

/** A stand-in for Netlify's build hook on loopback: records calls, answers with `status()` (0: never answers). */
export async function fakeBuildHook(status: () => number) {
	const calls: URL[] = [];
	const server = http.createServer((request, response) => {
		calls.push(new URL(request.url!, 'http://127.0.0.1'));
		request.resume();
		const answer = status();
		if (answer) response.writeHead(answer).end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/build_hooks/test-hook`,
		calls,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A stand-in for the deployed site on loopback: answers every page with `status(path)`. */
export async function fakeSite(status: (pathname: string) => number) {
	const requested: string[] = [];
	const server = http.createServer((request, response) => {
		const { pathname } = new URL(request.url!, 'http://127.0.0.1');
		requested.push(pathname);
		response.writeHead(status(pathname)).end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requested,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
