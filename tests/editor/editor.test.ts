// The editor CLI as an editor runs it, on a real embedded database, with a fake build hook
// on loopback and the offline outbox for notices.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv, fakeBuildHook, fakeSite } from './cli.ts';

let db: TestDb;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let hookStatus = 200;
let site: Awaited<ReturnType<typeof fakeSite>>;
/** What the fake deployed site answers: 404 stands for a deploy not finished yet. */
let siteStatus = 200;
let env: Record<string, string>;
let outbox: string;

async function submission(name: string, url: string, email: string | null = null): Promise<number> {
	await db.sql`select * from submit_tool(${name}, ${url}, ${email})`;
	const [row] = await db.sql`select id from new_app_submissions where name = ${name}`;
	return Number(row.id);
}

beforeAll(async () => {
	db = await startTestDb();
	hook = await fakeBuildHook(() => hookStatus);
	site = await fakeSite(() => siteStatus);
	outbox = await mkdtemp(path.join(os.tmpdir(), 'contech-outbox-'));
	env = editorEnv(db, { NETLIFY_BUILD_HOOK_URL: hook.url, OUTBOX_DIR: outbox, SITE_URL: site.url });
});
afterAll(async () => {
	await hook?.close();
	await site?.close();
	await db?.stop();
});
beforeEach(() => {
	hookStatus = 200;
	siteStatus = 200;
	hook.calls.length = 0;
});

describe('reviewing submissions', () => {
	it('lists the queue oldest first, with duplicate hints', async () => {
		const first = await submission('Alpha Field', 'https://alpha-field.example.com');
		const second = await submission('Procore Again', 'https://www.procore.com/pricing');
		const { code, stdout } = await editor(['pending'], env);
		expect(code).toBe(0);
		const lines = stdout.split('\n');
		const firstLine = lines.findIndex((line) => line.startsWith(`${first} `));
		const secondLine = lines.findIndex((line) => line.startsWith(`${second} `));
		expect(firstLine).toBeGreaterThan(0);
		expect(secondLine).toBeGreaterThan(firstLine);
		expect(lines[secondLine]).toMatch(/same host as live tool \d+/);
	});

	it('shows one submission in full', async () => {
		const id = await submission('Show Me', 'https://show-me.example.com', 'shower@example.com');
		const { code, stdout } = await editor(['show', String(id)], env);
		expect(code).toBe(0);
		expect(stdout).toContain('Show Me');
		expect(stdout).toContain('https://show-me.example.com');
		expect(stdout).toContain('shower@example.com');
		expect(stdout).toMatch(/pending/);
	});

	it('approves: creates the live tool, triggers one rebuild, notifies the submitter once', async () => {
		const id = await submission(
			'Gamma Site',
			'https://gamma-site.example.com/?utm_source=x',
			'gamma@example.com',
		);
		const { code, stdout } = await editor(
			[
				'approve',
				String(id),
				'--description',
				'Daily reports for crews.',
				'--category',
				'field-management',
			],
			env,
		);
		expect(code).toBe(0);
		const [tool] =
			await db.sql`select id, name, status, category, published_at from construction_apps where name = 'Gamma Site'`;
		expect(tool).toMatchObject({ status: 'live', category: 'field-management' });
		expect(tool.published_at).not.toBeNull();
		const [row] =
			await db.sql`select status, tool_id, reviewed_at, notified_at from new_app_submissions where id = ${id}`;
		expect(row).toMatchObject({ status: 'approved', tool_id: tool.id });
		expect(row.notified_at).not.toBeNull();
		expect(hook.calls).toHaveLength(1);
		expect(hook.calls[0].searchParams.get('trigger_title')).toContain('Gamma Site');
		const mails = (await readdir(outbox)).filter((file) => file.includes('gamma@example.com'));
		expect(mails).toHaveLength(1);
		const mail = await readFile(path.join(outbox, mails[0]), 'utf8');
		expect(mail).toContain(`${site.url}/app/${tool.id}/`);
		expect(site.requested).toContain(`/app/${tool.id}/`);
		expect(stdout).toContain('Notified the submitter');
		// A second approval of the same submission is refused and sends nothing more.
		const again = await editor(
			['approve', String(id), '--description', 'x', '--category', 'field-management'],
			env,
		);
		expect(again.code).toBe(4);
		expect(again.stderr).toMatch(/already approved/);
		expect(
			(await readdir(outbox)).filter((file) => file.includes('gamma@example.com')),
		).toHaveLength(1);
	});

	it('lets the editor override the name and URL when approving', async () => {
		const id = await submission('delta', 'https://delta-tool.example.com');
		const result = await editor(
			[
				'approve',
				String(id),
				'--name',
				'Delta Tool',
				'--url',
				'delta-tool.example.com/en',
				'--description',
				'Takeoff.',
				'--category',
				'estimating',
			],
			env,
		);
		expect(result.code).toBe(0);
		const [tool] = await db.sql`select url from construction_apps where name = 'Delta Tool'`;
		expect(tool.url).toBe('https://delta-tool.example.com/en');
	});

	it('refuses a duplicate of a live tool unless forced', async () => {
		const id = await submission('Procore Clone', 'https://procore.com/clone');
		const refused = await editor(
			['approve', String(id), '--description', 'x', '--category', 'project-management'],
			env,
		);
		expect(refused.code).toBe(4);
		expect(refused.stderr).toMatch(/live tool \d+ has the same host/);
		expect((await db.sql`select status from new_app_submissions where id = ${id}`)[0].status).toBe(
			'pending',
		);
		const forced = await editor(
			['approve', String(id), '--description', 'x', '--category', 'project-management', '--force'],
			env,
		);
		expect(forced.code).toBe(0);
	});

	it('rejects with a reason, and marks duplicates of a live tool', async () => {
		const rejected = await submission('Not Construction', 'https://recipes.example.com');
		expect(
			(await editor(['reject', String(rejected), '--reason', 'Not a construction tool'], env)).code,
		).toBe(0);
		const dup = await submission('Fieldwire Copy', 'https://fieldwire-copy.example.com');
		const [fieldwire] = await db.sql`select id from construction_apps where name = 'Fieldwire'`;
		expect((await editor(['duplicate', String(dup), '--of', String(fieldwire.id)], env)).code).toBe(
			0,
		);
		const rows =
			await db.sql`select id, status, reviewer_note, tool_id from new_app_submissions where id in (${rejected}, ${dup}) order by id`;
		expect(rows).toEqual([
			{
				id: String(rejected),
				status: 'rejected',
				reviewer_note: 'Not a construction tool',
				tool_id: null,
			},
			{
				id: String(dup),
				status: 'duplicate',
				reviewer_note: `duplicate of tool ${fieldwire.id}`,
				tool_id: fieldwire.id,
			},
		]);
		expect(hook.calls).toHaveLength(0);
	});
});

describe('keeping the catalogue right', () => {
	it('lists, edits, unpublishes and republishes tools, rebuilding each time', async () => {
		const [tool] = await db.sql`select id from construction_apps where name = 'Procore'`;
		const listed = await editor(['tools'], env);
		expect(listed.code).toBe(0);
		expect(listed.stdout).toMatch(new RegExp(`^${tool.id}\\s+Procore`, 'm'));
		expect(
			(await editor(['edit', tool.id, '--description', 'Edited description.'], env)).code,
		).toBe(0);
		expect((await editor(['unpublish', tool.id], env)).code).toBe(0);
		expect(
			(await db.sql`select status, description from construction_apps where id = ${tool.id}`)[0],
		).toEqual({ status: 'unpublished', description: 'Edited description.' });
		expect((await editor(['tools'], env)).stdout).not.toMatch(
			new RegExp(`^${tool.id}\\s+Procore`, 'm'),
		);
		expect((await editor(['tools', '--all'], env)).stdout).toMatch(
			new RegExp(`^${tool.id}\\s+Procore.*unpublished`, 'm'),
		);
		expect((await editor(['publish', tool.id], env)).code).toBe(0);
		expect(hook.calls).toHaveLength(3);
	});

	it('exports subscribers as CSV', async () => {
		for (const email of ['csv@example.com', '=cmd@example.com'])
			await db.sql`select * from newsletter_sign_up('subscribe', repeat('c', 32), 3600, 10, ${email}, 'contech-directory-website')`;
		// Only confirmed addresses are exported (tests/newsletter/ covers the other states).
		await db.sql`update newsletter_subscribers set status = 'confirmed', confirmed_at = now()`;
		const { code, stdout } = await editor(['subscribers', '--csv'], env);
		expect(code).toBe(0);
		const lines = stdout.trim().split('\n');
		expect(lines[0]).toBe('email,source,consent_at,confirmed_at');
		expect(lines).toContainEqual(
			expect.stringMatching(/^csv@example\.com,contech-directory-website,\d{4}-\d\d-\d\dT/),
		);
		expect(lines).toContainEqual(expect.stringMatching(/^'=cmd@example\.com,/));
	});
});

describe('rebuilds', () => {
	it('retries a failing build hook with backoff, then reports it; the approval stays', async () => {
		hookStatus = 500;
		const id = await submission('Epsilon', 'https://epsilon.example.com');
		const { code, stderr, stdout } = await editor(
			['approve', String(id), '--description', 'x', '--category', 'scheduling'],
			env,
		);
		expect(code).toBe(6);
		expect(hook.calls).toHaveLength(4);
		expect(stdout).toMatch(/attempt 1 failed.*retrying/);
		expect(stderr).toMatch(/rebuild failed: the build hook answered 500/);
		expect(stderr).toMatch(/npm run editor -- rebuild/);
		expect((await db.sql`select status from new_app_submissions where id = ${id}`)[0].status).toBe(
			'approved',
		);
		// The failed request waits for the next rebuild, which takes it along.
		hookStatus = 200;
		hook.calls.length = 0;
		expect((await editor(['rebuild'], env)).code).toBe(0);
		expect(hook.calls).toHaveLength(1);
		expect(hook.calls[0].searchParams.get('trigger_title')).toMatch(
			/2 catalogue changes: Approved Epsilon/,
		);
	});

	it('retries a rebuild whose editor was interrupted after claiming it', async () => {
		const id = await submission('Kappa Cut', 'https://kappa-cut.example.com');
		hookStatus = 0; // the hook takes the call and never answers
		const interrupted = new AbortController();
		const running = editor(
			['approve', String(id), '--description', 'x', '--category', 'scheduling'],
			{ ...env, OUTBOUND_TIMEOUT_MS: '60000' },
			interrupted.signal,
		);
		await expect.poll(() => hook.calls.length, { timeout: 20_000 }).toBe(1);
		interrupted.abort(); // the editor dies between claiming the request and marking it done
		await running;
		hookStatus = 200;
		hook.calls.length = 0;
		// The claim's lease runs out (what a quarter of an hour would do).
		await db.sql`update site_rebuilds set claimed_at = now() - interval '1 hour' where triggered_at is null`;
		expect((await editor(['rebuild'], env)).code).toBe(0);
		expect(hook.calls).toHaveLength(1);
		expect(hook.calls[0].searchParams.get('trigger_title')).toMatch(
			/2 catalogue changes: Approved Kappa Cut/,
		);
	});

	it('publishes one of two submissions for the same host approved at the same time', async () => {
		const ids = [
			await submission('Lambda One', 'https://lambda-same.example.com/one'),
			await submission('Lambda Two', 'https://www.lambda-same.example.com/two'),
		];
		const results = await Promise.all(
			ids.map((id) =>
				editor(['approve', String(id), '--description', 'x', '--category', 'workforce'], env),
			),
		);
		expect(results.map((result) => result.code).sort()).toEqual([0, 4]);
		const live =
			await db.sql`select id from construction_apps where host = 'lambda-same.example.com' and status = 'live'`;
		expect(live).toHaveLength(1);
	});
});

describe('notices', () => {
	it('records a failed send without blocking the approval, and notify --retry sends it once', async () => {
		const id = await submission('Eta Mail', 'https://eta-mail.example.com', 'eta@example.com');
		const failing = { ...env, SMTP_URL: 'smtp://127.0.0.1:1' };
		const approved = await editor(
			['approve', String(id), '--description', 'x', '--category', 'safety-quality'],
			failing,
		);
		expect(approved.code).toBe(7);
		expect(approved.stderr).toMatch(/notify --retry/);
		const [row] =
			await db.sql`select status, notified_at, notify_error, notify_attempts from new_app_submissions where id = ${id}`;
		expect(row).toMatchObject({ status: 'approved', notified_at: null, notify_attempts: 1 });
		expect(row.notify_error).toMatch(/ECONNREFUSED|connect/);
		const retried = await editor(['notify', '--retry'], env);
		expect(retried.code).toBe(0);
		expect(retried.stdout).toMatch(/eta@example.com: sent/);
		expect((await readdir(outbox)).filter((file) => file.includes('eta@example.com'))).toHaveLength(
			1,
		);
		expect((await editor(['notify', '--retry'], env)).stdout).toMatch(/No notices waiting/);
		expect((await readdir(outbox)).filter((file) => file.includes('eta@example.com'))).toHaveLength(
			1,
		);
	});
});

describe('notices wait for the live page', () => {
	it('sends "your tool is live" only once the page answers; until then notify --retry keeps it', async () => {
		siteStatus = 404;
		const id = await submission('Iota Live', 'https://iota-live.example.com', 'iota@example.com');
		const approved = await editor(
			['approve', String(id), '--description', 'x', '--category', 'scheduling'],
			env,
		);
		expect(approved.code).toBe(0);
		expect(approved.stdout).toMatch(/once the page is live.*notify --retry/);
		const mailsTo = async () =>
			(await readdir(outbox)).filter((file) => file.includes('iota@example.com'));
		expect(await mailsTo()).toHaveLength(0);
		const [waiting] =
			await db.sql`select notified_at, notify_error from new_app_submissions where id = ${id}`;
		expect(waiting.notified_at).toBeNull();
		expect(waiting.notify_error).toMatch(/not sent yet: .*\/app\/\d+\/ answered 404/);

		const stillDown = await editor(['notify', '--retry'], env);
		expect(stillDown.stdout).toMatch(/iota@example.com: waiting: the page is not live yet/);
		expect(await mailsTo()).toHaveLength(0);

		siteStatus = 200;
		const retried = await editor(['notify', '--retry'], env);
		expect(retried.code).toBe(0);
		expect(retried.stdout).toMatch(/iota@example.com: sent/);
		expect(await mailsTo()).toHaveLength(1);
	});
});

describe('errors say what to do, with exit codes scripts can rely on', () => {
	it.each([
		[['nope'], 2, /Unknown command "nope"/],
		[[], 2, /Usage: npm run editor/],
		[['show'], 2, /positive number/],
		[['show', 'abc'], 2, /positive number/],
		[['show', '999999'], 3, /no submission with id 999999/],
		[
			['approve', '999999', '--description', 'x', '--category', 'workforce'],
			3,
			/no submission with id 999999/,
		],
		[['approve', '1'], 2, /--description is required/],
		[
			['approve', '1', '--description', 'x'],
			2,
			/--category is required, one of: project-management/,
		],
		[
			['approve', '1', '--description', 'x', '--category', 'astrology'],
			2,
			/category must be one of/,
		],
		[
			[
				'approve',
				'1',
				'--description',
				'x',
				'--category',
				'workforce',
				'--url',
				'javascript:alert(1)',
			],
			2,
			/--url: Only http/,
		],
		[
			['approve', '1', '--description', '   ', '--category', 'workforce'],
			2,
			/description is required/,
		],
		[['approve', '1', '--bogus'], 2, /Unknown option '--bogus'/],
		[['reject', '1'], 2, /--reason is required/],
		[['duplicate', '1'], 2, /--of <tool id> is required/],
		[['duplicate', '1', '--of', '999999'], 3, /no tool with id 999999/],
		[['edit', '1'], 2, /say what to change/],
		[['edit', '999999', '--name', 'X'], 3, /no tool with id 999999/],
		[['unpublish', '999999'], 3, /no tool with id 999999/],
		[['notify'], 2, /notify --retry/],
	])('editor %j exits %i', async (args, code, message) => {
		const result = await editor(args as string[], env);
		expect(result.code).toBe(code);
		expect(result.stdout + result.stderr).toMatch(message);
	});

	it('says which key is missing when Supabase is configured without the secret key', async () => {
		const result = await editor(['pending'], {
			...env,
			SUPABASE_URL: 'https://demo.supabase.co',
			SUPABASE_SECRET_KEY: '',
		});
		expect(result.code).toBe(5);
		expect(result.stderr).toMatch(/SUPABASE_SECRET_KEY is not/);
	});

	it('refuses to review a submission twice', async () => {
		const id = await submission('Theta', 'https://theta.example.com');
		expect((await editor(['reject', String(id), '--reason', 'No'], env)).code).toBe(0);
		const again = await editor(['reject', String(id), '--reason', 'No'], env);
		expect(again.code).toBe(4);
		expect(again.stderr).toMatch(/already rejected/);
	});
});
