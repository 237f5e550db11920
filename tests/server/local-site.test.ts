// `npm start` on a port of its own (not 8888) with the editor beside it and no SITE_URL, as a
// self-hoster runs them: npm start leaves its address beside its releases, the editor finds it,
// publishes a release the server switches to, notifies the submitter and writes newsletter links
// to that port; a mail provider's one-click unsubscribe is answered 200; with npm start stopped
// the editor says so instead of pointing at a deploy that does not exist.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listReleases } from '../../src/server/releases.ts';
import { freePort } from '../helpers/free-port.ts';
import { type Started, startScript, stopProcess, takeBuildLock } from '../helpers/processes.ts';
import { editor } from '../editor/cli.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { readOutbox } from '../newsletter/outbox.ts';

let root: string;
let db: TestDb;
let site: Started | undefined;
let releaseBuildLock: (() => void) | undefined;
let env: Record<string, string>;
/** The editor's terminal: the same checkout and database, but no PORT (nor SITE_URL). */
let editorEnv: Record<string, string>;
let base: string;
let releases: string;

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-local-site-'));
	db = await startTestDb();
	const port = await freePort();
	base = `http://localhost:${port}`;
	releases = path.join(root, '.data/releases');
	env = {
		EMBEDDED_DB_DIR: db.dataDir,
		EMBEDDED_DB_PORT: String(db.port),
		PORT: String(port),
		ASTRO_OUT_DIR: path.join(root, 'dist'),
		OUTBOX_DIR: path.join(root, 'outbox'),
		SUPABASE_URL: '',
		SITE_URL: '',
		URL: '',
		NETLIFY_BUILD_HOOK_URL: '',
		REBUILD_COALESCE_SECONDS: '0',
	};
	editorEnv = { ...env, PORT: '' };
	// npm start builds, and so does the editor's approval below: one building file at a time.
	releaseBuildLock = await takeBuildLock();
	site = await startScript(['scripts/start.ts'], env, 'site ready', 180_000);
}, 540_000);

afterAll(async () => {
	if (site) await stopProcess(site.child, 'SIGKILL');
	releaseBuildLock?.();
	await db?.stop();
	await rm(root, { recursive: true, force: true });
});

const post = (route: string, body: BodyInit, headers: Record<string, string> = {}) =>
	fetch(`${base}${route}`, { method: 'POST', body, headers, redirect: 'manual' });

it('leaves its address for the editor, which publishes the approval there and notifies the submitter', async () => {
	const announced = JSON.parse(await readFile(path.join(releases, 'server.json'), 'utf8'));
	expect(announced.siteUrl).toBe(base);

	const submitted = await post(
		'/.netlify/functions/submit',
		JSON.stringify({ name: 'Port Check', url: 'port-check.example.com', email: 'sub@example.com' }),
		{ 'content-type': 'application/json' },
	);
	expect(submitted.status).toBe(200);
	const [{ id }] = await db.sql`select id from new_app_submissions where name = 'Port Check'`;
	const before = listReleases(releases);

	const approved = await editor(
		['approve', String(id), '--description', 'Checks ports.', '--category', 'field-management'],
		editorEnv,
	);
	expect(approved.stderr).toBe('');
	expect(approved.code).toBe(0);
	const [{ tool_id: toolId }] =
		await db.sql`select tool_id from new_app_submissions where id = ${id}`;
	const page = `${base}/app/${toolId}/`;
	expect(approved.stdout).toContain(`at ${page} after the rebuild`);
	expect(approved.stdout).toContain(`Rebuilt: the site at ${base} serves the change now.`);
	expect(approved.stdout).toContain('Notified the submitter at sub@example.com.');
	expect((await fetch(page)).status).toBe(200);
	const [notice] = (await readOutbox(env.OUTBOX_DIR)).filter((m) => m.to === 'sub@example.com');
	expect(notice.text).toContain(page);
	// The release served before is gone once no request reads it; the new one is all that is left.
	await expect.poll(() => listReleases(releases)).toHaveLength(1);
	expect(listReleases(releases)).not.toEqual(before);
}, 120_000);

it('writes newsletter links to the port npm start listens on; the one-click POST is answered 200', async () => {
	const signedUp = await post('/.netlify/functions/subscribe', '{"email":"reader@example.com"}', {
		'content-type': 'application/json',
	});
	expect(signedUp.status).toBe(200);
	const [confirmation] = (await readOutbox(env.OUTBOX_DIR)).filter(
		(m) => m.to === 'reader@example.com',
	);
	const confirm = /https?:\/\/\S+action=confirm&token=[\w.-]+/.exec(confirmation.text)![0];
	expect(confirm.startsWith(`${base}/`)).toBe(true);
	// The button on the confirmation page: a form post from the site itself.
	const confirmed = await post(new URL(confirm).pathname + new URL(confirm).search, '', {
		'content-type': 'application/x-www-form-urlencoded',
		origin: base,
	});
	expect(confirmed.status).toBe(303);

	expect((await editor(['newsletter', 'draft', '--intro', 'Hello.'], editorEnv)).code).toBe(0);
	const sent = await editor(['newsletter', 'send'], editorEnv);
	expect(sent.stderr).toBe('');
	expect(sent.code).toBe(0);
	// The issue: the newest message to the reader (the confirmation came first).
	const issue = (await readOutbox(env.OUTBOX_DIR))
		.filter((m) => m.to === 'reader@example.com')
		.at(-1)!;
	expect(issue.subject).not.toBe(confirmation.subject);
	expect(issue.html).toContain(`href="${base}/`);
	const unsubscribe = /^<(.+)>$/.exec(issue.headers['list-unsubscribe'].replace(/\s/g, ''))![1];
	expect(unsubscribe.startsWith(`${base}/.netlify/functions/subscribe?action=unsubscribe`)).toBe(
		true,
	);

	// A mail provider's one-click POST (RFC 8058): multipart, its own origin, no cookies.
	const form = new FormData();
	form.set('List-Unsubscribe', 'One-Click');
	const oneClick = await fetch(unsubscribe, {
		method: 'POST',
		body: form,
		headers: { origin: 'https://mail.provider.example' },
		redirect: 'manual',
	});
	expect(oneClick.status).toBe(200);
	expect(oneClick.headers.get('location')).toBeNull();
	const [row] =
		await db.sql`select status from newsletter_subscribers where email = 'reader@example.com'`;
	expect(row.status).toBe('unsubscribed');
}, 120_000);

it('with npm start stopped, the editor builds nothing and says to start it', async () => {
	expect(await stopProcess(site!.child, 'SIGTERM')).toBe(0);
	site = undefined;
	await db.sql`select * from submit_tool('Offline Check', 'https://offline-check.example.com', 'off@example.com')`;
	const [{ id }] = await db.sql`select id from new_app_submissions where name = 'Offline Check'`;
	const before = listReleases(releases);
	const approved = await editor(
		['approve', String(id), '--description', 'Checks.', '--category', 'field-management'],
		editorEnv,
	);
	expect(approved.code).toBe(0);
	expect(approved.stdout).toContain(
		'No `npm start` is running for this site, so nothing was rebuilt',
	);
	expect(approved.stdout).toMatch(/No `npm start` is serving this site.*Start it, then run/);
	expect(approved.stdout).not.toMatch(/deploy/);
	expect(listReleases(releases)).toEqual(before);
}, 120_000);
