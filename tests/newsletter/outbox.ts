import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

export interface OutboxMessage {
	to: string;
	subject: string;
	/** The raw header block, unfolded, by lower-case name. */
	headers: Record<string, string>;
	html: string;
	text: string;
}

/** Every message in an outbox directory, parsed. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
	const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
	return Promise.all(
		files.sort().map(async (name) => {
			const raw = await readFile(path.join(dir, name), 'utf8');
			const mail = await simpleParser(raw);
			const headers: Record<string, string> = {};
			for (const line of raw
				.split(/\n\n/)[0]
				.replace(/\n[ \t]+/g, ' ')
				.split('\n')) {
				const colon = line.indexOf(':');
				headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
			}
			return {
				to: mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address! : '',
				subject: mail.subject ?? '',
				headers,
				html: typeof mail.html === 'string' ? mail.html : '',
				text: mail.text ?? '',
			};
		}),
	);
}

/** Starts the editor CLI without waiting, so a test can interrupt it; `exited` waits for its output too. */
export function startEditor(args: string[], env: Record<string, string>) {
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
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise<number>((resolve) =>
		child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : -1))),
	);
	return { child, exited, output: () => output };
}
