import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs `npm run editor -- …` as an editor would, against the given environment. */
export function editor(args: string[], env: Record<string, string>): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/editor.ts', ...args], {
			env: {
				...process.env,
				NO_COLOR: '1',
				SUPABASE_URL: '',
				NETLIFY_BUILD_HOOK_URL: '',
				SMTP_URL: '',
				...env,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('error', reject);
		child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
	});
}

/** A stand-in for Netlify's build hook on loopback: records calls, answers with `status()`. */
export async function fakeBuildHook(status: () => number) {
	const calls: URL[] = [];
	const server = http.createServer((request, response) => {
		calls.push(new URL(request.url!, 'http://127.0.0.1'));
		request.resume();
		response.writeHead(status()).end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/build_hooks/test-hook`,
		calls,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
