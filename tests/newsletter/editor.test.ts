import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { readOutbox, startEditor, tempDir } from './outbox.ts';

let db: TestDb;
let env: Record<string, string>;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;

async function tool(name: string, publishedAgo: string, status = 'live'): Promise<number> {
	const [row] =
		await db.sql`insert into construction_apps (name, url, description, category, status, published_at)
		values (${name}, ${`https://${name.toLowerCase().replace(/\W/g, '')}.example.com`}, ${`${name} does one thing well.`},
			'scheduling', ${status}, now() - ${publishedAgo}::interval) returning id`;
	return Number(row.id);
}

async function subscribers(prefix: string, count: number, status = 'confirmed') {
	await db.sql`insert into newsletter_subscribers (email, source, consent_at, status, confirmed_at, unsubscribed_at)
		select ${prefix} || '-' || n || '@example.com', 'test', now() - interval '2 days', ${status},
			case when ${status} = 'confirmed' then now() - interval '1 day' end,
			case when ${status} = 'unsubscribed' then now() - interval '1 hour' end
		from generate_series(1, ${count}) n`;
}

async function confirmedAddresses(): Promise<string[]> {
	const rows =
		await db.sql`select email from newsletter_subscribers where status = 'confirmed' order by email`;
	return rows.map((row) => row.email as string);
}

beforeAll(async () => {
	db = await startTestDb();
	hook = await fakeBuildHook(() => 200);
	// The sample catalogue and its integrations went live long ago; each test adds the week's tools itself.
	await db.sql`update construction_apps set published_at = now() - interval '60 days'`;
	await db.sql`update tool_integrations set created_at = now() - interval '60 days'`;
	env = editorEnv(db, {
		// A sent issue is published by a rebuild: here a stand-in build hook on loopback.
		NETLIFY_BUILD_HOOK_URL: hook.url,
		NEWSLETTER_PREVIEW_DIR: await tempDir('contech-preview-'),
		// No secret is in the repository (record 0027): the test brings its own.
		NEWSLETTER_SECRET: 'newsletter-editor-test-secret-0123456789',
	});
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});

describe('newsletter draft and preview', { timeout: 60_000 }, () => {
	it('drafts the tools that went live since the last issue, the new integrations and the intro', async () => {
		const fresh = await tool('Fresh Scheduler', '2 days');
		const older = await tool('Older Planner', '20 days');
		await tool('Hidden Tool', '1 day', 'unpublished');
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${Math.min(fresh, older)}, ${Math.max(fresh, older)}, 'api', 'https://docs.example.com/link')`;
		const intro = path.join(await tempDir('contech-intro-'), 'intro.md');
		await writeFile(intro, 'Hello **builders**: [a report](https://report.example.com).');
		const { code, stdout } = await editor(['newsletter', 'draft', '--intro', intro], env);
		expect(code, stdout).toBe(0);
		expect(stdout).toMatch(/Issue #1 \(draft\): 1 new tool, 1 new integration/);
		expect(stdout).toContain('+ Fresh Scheduler');
		expect(stdout).not.toContain('+ Older Planner');
		expect(stdout).not.toContain('Hidden Tool');

		const preview = await editor(['newsletter', 'preview'], env);
		expect(preview.code, preview.stderr).toBe(0);
		const htmlPath = /HTML: +(\S+)/.exec(preview.stdout)![1];
		const textPath = /Text: +(\S+)/.exec(preview.stdout)![1];
		const html = await readFile(htmlPath, 'utf8');
		const text = await readFile(textPath, 'utf8');
		expect(html).toContain('max-width:600px');
		expect(html).toContain('alt="Fresh Scheduler logo"');
		expect(html).toContain('<strong');
		expect(html).toContain(`https://directory.example.com/app/${fresh}/?ref=contech-directory`);
		expect(html).toContain('Older Planner'); // the integration's other side
		expect(html).toContain('name="color-scheme"');
		expect(text).toMatch(/^Subject: ConTech Directory weekly #1: 1 new tool/);
		expect(text).toContain('Fresh Scheduler');
		expect(text).toContain('a report');
	});

	it('a bad --intro changes nothing', async () => {
		const { code, stderr } = await editor(
			['newsletter', 'draft', '--intro', '/nowhere/intro.md'],
			env,
		);
		expect(code).toBe(2);
		expect(stderr).toContain('no file at /nowhere/intro.md');
		const [issue] = await db.sql`select intro from newsletter_issues where number = 1`;
		expect(issue.intro).toContain('builders');
	});
});

describe('newsletter send', { timeout: 120_000 }, () => {
	it('sends one personal message to each confirmed subscriber, with one-click unsubscribe; a second send sends nothing', async () => {
		await subscribers('reader', 3);
		await subscribers('pending', 2, 'unconfirmed');
		await subscribers('former', 2, 'unsubscribed');
		const outbox = await tempDir('contech-outbox-');
		const { code, stdout } = await editor(['newsletter', 'send'], { ...env, OUTBOX_DIR: outbox });
		expect(code, stdout).toBe(0);
		expect(stdout).toContain('Issue #1: 3 of 3 sent, 0 failed');
		const messages = await readOutbox(outbox);
		expect(messages.map((m) => m.to).sort()).toEqual(await confirmedAddresses());
		const links = new Set<string>();
		for (const message of messages) {
			expect(message.subject).toBe('ConTech Directory weekly #1: 1 new tool');
			expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
			const link = /^<(.+)>$/.exec(message.headers['list-unsubscribe'].replace(/\s/g, ''))![1];
			expect(link).toMatch(
				/^https:\/\/directory\.example\.com\/\.netlify\/functions\/subscribe\?action=unsubscribe&token=u\./,
			);
			expect(message.html).toContain(link.replace('&', '&amp;'));
			expect(message.text).toContain(link);
			links.add(link);
		}
		expect(links.size).toBe(3);
		expect(hook.calls).toHaveLength(1);

		const again = await editor(['newsletter', 'send'], { ...env, OUTBOX_DIR: outbox });
		expect(again.code).toBe(0);
		expect(again.stdout).toContain('Nothing to send');
		expect(await readOutbox(outbox)).toHaveLength(3);
	});

	it('the next draft holds only what went live and changed since the sent issue', async () => {
		const newest = await tool('Newest Estimator', '0 seconds');
		await db.sql`insert into tool_facts (tool_id, fact, value, source_url, verified_on, quote)
			values (${newest}, 'platforms', '{web}', 'https://docs.example.com/platforms', '2026-11-01', 'In the browser.')`;
		const { code, stdout } = await editor(['newsletter', 'draft'], env);
		expect(code).toBe(0);
		expect(stdout).toMatch(/Issue #2 \(draft\): 1 new tool, 0 new integrations, 2 changes/);
		expect(stdout).toContain('+ Newest Estimator');
		expect(stdout).toContain('· Newest Estimator: platforms documented: Web browser');
		expect(stdout).toContain('· Newest Estimator: published in the directory');
		// Fresh Scheduler went live (a change) before issue #1 was drafted.
		expect(stdout).not.toContain('Fresh Scheduler');

		const preview = await editor(['newsletter', 'preview'], env);
		expect(preview.code, preview.stderr).toBe(0);
		const html = await readFile(/HTML: +(\S+)/.exec(preview.stdout)![1], 'utf8');
		const text = await readFile(/Text: +(\S+)/.exec(preview.stdout)![1], 'utf8');
		for (const body of [html, text]) {
			expect(body).toMatch(/What changed this week/i);
			expect(body).toContain('platforms documented: Web browser');
			expect(body).toContain('https://directory.example.com/changes/?ref=contech-directory');
			expect(body).not.toContain('Fresh Scheduler');
		}
		expect(text).toContain(
			`Newest Estimator https://directory.example.com/app/${newest}/?ref=contech-directory: platforms documented: Web browser`,
		);
	});

	it('resumes after Ctrl+C without sending anyone the issue twice', async () => {
		await subscribers('many', 37);
		const outbox = await tempDir('contech-outbox-');
		const run = startEditor(['newsletter', 'send', '--rate', '10'], { ...env, OUTBOX_DIR: outbox });
		await expect
			.poll(async () => (await readOutbox(outbox)).length, { timeout: 20_000 })
			.toBeGreaterThanOrEqual(5);
		run.child.kill('SIGINT');
		expect(await run.exited, run.output()).toBe(130);
		expect(run.output()).toContain('Run `npm run editor -- newsletter send` again');
		const partial = (await readOutbox(outbox)).length;
		const everyone = await confirmedAddresses();
		expect(partial).toBeLessThan(everyone.length);

		const rest = await editor(['newsletter', 'send'], { ...env, OUTBOX_DIR: outbox });
		expect(rest.code, rest.stdout).toBe(0);
		const messages = await readOutbox(outbox);
		expect(messages.map((m) => m.to).sort()).toEqual(everyone);
		const [{ sent }] =
			await db.sql`select count(*)::int as sent from newsletter_deliveries where issue_number = 2 and status = 'sent'`;
		expect(sent).toBe(everyone.length);
	});

	it('records failures and retries them with --retry only', async () => {
		await tool('Retry Tool', '0 seconds');
		await editor(['newsletter', 'draft'], env);
		const blocked = path.join(await tempDir('contech-blocked-'), 'not-a-directory');
		await writeFile(blocked, 'a file where the outbox directory should be');
		const failing = await editor(['newsletter', 'send'], { ...env, OUTBOX_DIR: blocked });
		const everyone = await confirmedAddresses();
		expect(failing.code).toBe(7);
		expect(failing.stdout).toContain(
			`Issue #3: 0 of ${everyone.length} sent, ${everyone.length} failed`,
		);
		expect(failing.stderr).toContain('newsletter send --retry');

		const outbox = await tempDir('contech-outbox-');
		const plain = await editor(['newsletter', 'send'], { ...env, OUTBOX_DIR: outbox });
		expect(plain.code).toBe(7);
		expect(await readOutbox(outbox)).toHaveLength(0);

		const retried = await editor(['newsletter', 'send', '--retry'], { ...env, OUTBOX_DIR: outbox });
		expect(retried.code, retried.stdout + retried.stderr).toBe(0);
		expect((await readOutbox(outbox)).map((m) => m.to).sort()).toEqual(everyone);
		const [{ attempts }] =
			await db.sql`select max(attempts)::int as attempts from newsletter_deliveries where issue_number = 3`;
		expect(attempts).toBe(2);
	});
});

describe('subscribers --csv', () => {
	it('exports confirmed subscribers only, with their consent record', async () => {
		const { code, stdout } = await editor(['subscribers', '--csv'], env);
		expect(code).toBe(0);
		const lines = stdout.trim().split('\n');
		expect(lines[0]).toBe('email,source,consent_at,confirmed_at');
		expect(
			lines
				.slice(1)
				.map((line) => line.split(',')[0])
				.sort(),
		).toEqual(await confirmedAddresses());
		expect(stdout).not.toMatch(/pending-|former-/);
		expect(lines[1]).toMatch(
			/^[\w.-]+@example\.com,test,\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\dT/,
		);
	});
});
