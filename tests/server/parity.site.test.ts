// `npm start` and Netlify's own local server answer alike: the same requests to both (pages, a
// missing page, each function's refusals and success) get the same status and security headers.
// Runs in the site project: `npm start` serves the built dist/ (global-setup), and Netlify's
// server (`netlify dev` on the same dist/, no second build) is started here.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { FAKE_SECRETS } from '../site/fixtures.ts';
import { PARITY_REQUESTS, SECURITY_HEADERS, type ParityRequest } from './parity-requests.ts';

const startUrl = inject('baseUrl');
let netlifyUrl: string;
let netlify: ChildProcess;
let netlifyLog = '';

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
		if (child.exitCode !== null) throw new Error(`netlify dev exited:\n${netlifyLog}`);
		// The body is drained: an unread one leaves undici's parser paused on a kept-alive
		// socket, and the server closing that socket later trips an assertion inside Node.
		const status = await fetch(url).then(
			async (response) => (await response.arrayBuffer(), response.status),
			() => 0,
		);
		if (status === 200) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`netlify dev did not answer at ${url}:\n${netlifyLog}`);
}

beforeAll(async () => {
	const port = await freePort();
	netlifyUrl = `http://localhost:${port}`;
	netlify = spawn(
		path.resolve('node_modules/.bin/netlify'),
		[
			'dev',
			'--offline',
			'--internal-disable-edge-functions',
			'--dir',
			'dist',
			'--framework',
			'#static',
			'--port',
			String(port),
		],
		{
			env: {
				...process.env,
				EMBEDDED_DB_DIR: inject('dbDir'),
				EMBEDDED_DB_PORT: new URL(inject('dbUrl')).port,
				SUPABASE_URL: '',
				RATE_LIMIT_PER_HOUR: '10000',
				// The secrets npm start's server was given: no default is in the repository (record 0027).
				NEWSLETTER_SECRET: FAKE_SECRETS.NEWSLETTER_SECRET,
				RATE_LIMIT_SALT: FAKE_SECRETS.RATE_LIMIT_SALT,
				// Confirmation e-mails go where the suite's other servers put theirs, not into the repository.
				OUTBOX_DIR: inject('outboxDir'),
				NETLIFY_TELEMETRY_DISABLED: '1',
				BROWSER: 'none',
				XDG_CONFIG_HOME: path.resolve('.data/netlify-config'),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		},
	);
	netlify.stdout!.on('data', (chunk) => (netlifyLog += chunk));
	netlify.stderr!.on('data', (chunk) => (netlifyLog += chunk));
	await waitFor(`${netlifyUrl}/`, netlify);
}, 180_000);

afterAll(async () => {
	if (!netlify || netlify.exitCode !== null) return;
	const exited = new Promise((resolve) => netlify.once('exit', resolve));
	process.kill(-netlify.pid!, 'SIGTERM');
	await exited;
});

async function answer(base: string, request: ParityRequest, run: string) {
	const response = await fetch(`${base}${request.path}`, {
		method: request.method ?? 'GET',
		headers: request.headers,
		body: typeof request.body === 'function' ? request.body(run) : request.body,
		redirect: 'manual',
	});
	await response.arrayBuffer();
	const headers = Object.fromEntries(
		SECURITY_HEADERS.map((name) => [name, response.headers.get(name)]),
	);
	return { status: response.status, headers };
}

describe('npm start answers as netlify serve does', async () => {
	const tool = (await readdir('dist/app')).sort()[0];
	const requests = [...PARITY_REQUESTS, { name: 'a tool page', path: `/app/${tool}/` }];
	it.each(requests)('$name', async (request) => {
		const netlifyAnswer = await answer(netlifyUrl, request, 'netlify');
		const startAnswer = await answer(startUrl, request, 'start');
		expect(startAnswer).toEqual(netlifyAnswer);
		if (request.expect) expect(startAnswer.status).toBe(request.expect);
	});
});
