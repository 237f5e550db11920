// `npm start` on a port of its own (not 8888), no SITE_URL, the editor beside it (record 0027):
// - npm start generates the link secret and the rate limit's salt for its data directory on
//   first start, beside the database password, and signs with them (never a repository value);
// - a correction that merely gives a confirmed claimant's address is accepted as an ordinary
//   one: neither `editor suggestions` nor the rebuilt page says "stated by";
// - the editor's rebuild keeps the address npm start announced: the canonical link, the feed
//   and the open data point at the port that serves them, not at localhost:8888;
// - a Host it does not serve is refused.
import { readFile, stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyClaim } from '../../src/features/corrections/claim-tokens.server.ts';
import { editor } from '../editor/cli.ts';
import { freePort } from '../helpers/free-port.ts';
import { type Started, startScript, stopProcess, takeBuildLock } from '../helpers/processes.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { readOutbox } from '../newsletter/outbox.ts';

let root: string;
let db: TestDb;
let site: Started | undefined;
let releaseBuildLock: (() => void) | undefined;
let env: Record<string, string>;
let editorEnv: Record<string, string>;
let base: string;
let port: number;

beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-rebuild-address-'));
	db = await startTestDb();
	port = await freePort();
	base = `http://localhost:${port}`;
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
		NEWSLETTER_SECRET: '',
		RATE_LIMIT_SALT: '',
		REBUILD_COALESCE_SECONDS: '0',
		LOGO_URL_TEMPLATE: '',
	};
	// The editor's terminal: the same checkout and database, no PORT and no SITE_URL.
	editorEnv = { ...env, PORT: '' };
	// npm start builds, and so do the editor's edits below: one building file at a time.
	releaseBuildLock = await takeBuildLock();
	site = await startScript(['scripts/start.ts'], env, 'site ready', 240_000);
}, 600_000);

afterAll(async () => {
	if (site) await stopProcess(site.child, 'SIGKILL');
	releaseBuildLock?.();
	await db?.stop();
	await rm(root, { recursive: true, force: true });
});

const canonical = (html: string) =>
	/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '(no canonical link)';

it('generates the secrets for its data directory and signs links with them', async () => {
	const secretFile = `${db.dataDir}.newsletter-secret`;
	const saltFile = `${db.dataDir}.rate-limit-salt`;
	for (const file of [secretFile, saltFile]) {
		expect((await stat(file)).mode & 0o777, file).toBe(0o600);
		expect(await readFile(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
	}
	const secret = await readFile(secretFile, 'utf8');
	expect(secret).not.toBe(await readFile(saltFile, 'utf8'));
	const [tool] = await db.sql`select id, host from construction_apps
		where status = 'live' and host = 'procore.com'`;
	const claimed = await fetch(`${base}/.netlify/functions/submit`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ kind: 'claim', tool_id: Number(tool.id), email: 'ops@procore.com' }),
	});
	expect(claimed.status).toBe(200);
	const [mail] = (await readOutbox(env.OUTBOX_DIR)).filter((m) => m.to === 'ops@procore.com');
	const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
	expect(verifyClaim(secret, token).ok).toBe(true);
	expect(verifyClaim('local-development-only-newsletter-secret', token).ok).toBe(false);
}, 60_000);

it('rebuilds from the editor (edit) with the address npm start announced, not localhost:8888', async () => {
	const announced = JSON.parse(
		await readFile(path.join(root, '.data/releases/server.json'), 'utf8'),
	);
	expect(announced.siteUrl).toBe(base);
	const [tool] =
		await db.sql`select id from construction_apps where status = 'live' order by id limit 1`;
	const toolId = Number(tool.id);
	const edited = await editor(
		['edit', String(toolId), '--description', 'Edited to rebuild the site.'],
		editorEnv,
	);
	expect(edited.stderr).toBe('');
	expect(edited.code).toBe(0);
	expect(edited.stdout).toContain(`Rebuilt: the site at ${base} serves the change now.`);
	const page = await (await fetch(`${base}/app/${toolId}/`)).text();
	expect(page).toContain('Edited to rebuild the site.');
	expect(canonical(page)).toBe(`${base}/app/${toolId}/`);
	expect(page).toContain(`<meta property="og:url" content="${base}/app/${toolId}/"`);
	for (const file of ['/rss.xml', '/changes.xml', '/data/tools.json', '/data/tools.csv']) {
		const text = await (await fetch(`${base}${file}`)).text();
		expect(text, file).toContain(`${base}/`);
		expect(text, file).not.toContain('localhost:8888');
	}
}, 240_000);

it('accepts an unconfirmed claimant’s correction as an ordinary one: "stated by" nowhere, in the editor or on the rebuilt page', async () => {
	// A tool no vendor has stated anything about yet, and its confirmed claimant.
	const [tool] = await db.sql`select t.id, t.host from construction_apps t
		where t.status = 'live' and t.host ~ '^[a-z0-9-]+\\.com$'
			and not exists (select 1 from tool_facts f where f.tool_id = t.id and f.origin = 'vendor')
			and not exists (select 1 from tool_facts f where f.tool_id = t.id and f.fact = 'soc2')
		order by t.id limit 1`;
	const toolId = Number(tool.id);
	const claimant = `jane@${tool.host}`;
	await db.sql`insert into listing_claims (tool_id, email, confirmed_at)
		values (${toolId}, ${claimant}, now())`;

	// Someone types Jane's address; Jane never confirms.
	const posted = await fetch(`${base}/.netlify/functions/submit`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			kind: 'correction',
			tool_id: toolId,
			what: 'soc2',
			value_soc2: 'type_1',
			source_url: `https://www.${tool.host}/trust/overview`,
			quote: 'The platform is SOC 2 Type I.',
			email: claimant.toUpperCase(),
		}),
	});
	expect(posted.status).toBe(200);
	const [suggestion] = await db.sql`select id from tool_suggestions where tool_id = ${toolId}`;

	const listed = await editor(['suggestions', '--tool', String(toolId)], editorEnv);
	expect(listed.code).toBe(0);
	expect(listed.stdout).toContain('e-mail not confirmed');
	expect(listed.stdout).not.toMatch(/stated by/i);

	const accepted = await editor(['accept', String(suggestion.id)], editorEnv);
	expect(accepted.stderr).toBe('');
	expect(accepted.code).toBe(0);
	expect(accepted.stdout).toContain(`Rebuilt: the site at ${base} serves the change now.`);

	const page = await (await fetch(`${base}/app/${toolId}/`)).text();
	expect(page).toContain('The platform is SOC 2 Type I.');
	expect(page).not.toMatch(/stated by/i);
	expect(canonical(page)).toBe(`${base}/app/${toolId}/`);
}, 240_000);

it('refuses a Host it does not serve, and serves its own', async () => {
	const get = (host: string) =>
		new Promise<number>((resolve, reject) =>
			http
				.get(`${base}/`, { headers: { host } }, (response) => {
					response.resume();
					resolve(response.statusCode ?? 0);
				})
				.on('error', reject),
		);
	expect(await get(`localhost:${port}`)).toBe(200);
	expect(await get(`127.0.0.1:${port}`)).toBe(200);
	expect(await get(`evil.example:${port}`)).toBe(421);
});
