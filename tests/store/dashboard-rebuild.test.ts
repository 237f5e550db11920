// Dashboard edits rebuild the site (supabase/migrations/20261125010000_dashboard_rebuild_hook.sql)
// on the embedded database: first as it is (no pg_net: nothing happens), then with stand-ins for
// pg_net's net.http_post and net._http_response and for Supabase Vault, which record the calls
// the database would send. "A minute passes" moves the last call's time back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
const HOOK = 'https://api.netlify.com/build_hooks/test-hook';

beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

const liveTools = async (count: number) =>
	(
		await db.sql`select id from construction_apps where status = 'live' order by id limit ${count}`
	).map((row) => Number(row.id));
const edit = (id: number) =>
	db.sql`update construction_apps set description = description || '.' where id = ${id}`;
const callBuildHook = async () =>
	String((await db.sql`select public.call_build_hook() as said`)[0].said);
const waiting = async () =>
	(await db.sql`select id, reason from site_rebuilds where triggered_at is null order by id`).map(
		(row) => ({ id: Number(row.id), reason: String(row.reason) }),
	);
const aMinutePasses = () =>
	db.sql`update build_hook_state set last_called_at = last_called_at - interval '61 seconds'`;

describe('without pg_net (the embedded database)', () => {
	it('has the triggers, and an edit asks for nothing', async () => {
		const [row] = await db.sql`select count(*)::int as n from pg_trigger
			where tgname like 'site_change_%' and tgrelid in ('construction_apps'::regclass, 'tool_integrations'::regclass)`;
		expect(row.n).toBe(8);
		const before = await db.sql`select count(*)::int as n from site_rebuilds`;
		const [a, b] = await liveTools(2);
		await edit(a);
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${a}, ${b}, 'api', 'https://example.com/integration') on conflict do nothing`;
		const after = await db.sql`select count(*)::int as n from site_rebuilds`;
		expect(after[0].n).toBe(before[0].n);
		expect(await callBuildHook()).toBe('pg_net is not installed: nothing to do');
	});
});

describe('with pg_net and Vault (stand-ins)', () => {
	const calls = async () =>
		(await db.sql`select id, url, body, params from net.calls order by id`).map((row) => ({
			id: Number(row.id),
			url: String(row.url),
			body: row.body,
			title: String((row.params as { trigger_title: string }).trigger_title),
		}));

	beforeAll(async () => {
		await db.sql.unsafe(`
			create schema net;
			create table net.calls (id bigint generated always as identity primary key,
				url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer);
			create table net._http_response (id bigint, status_code integer, timed_out boolean,
				error_msg text, created timestamptz not null default now());
			create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
				headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds integer default 5000)
			returns bigint language sql as $$
				insert into net.calls (url, body, params, headers, timeout_milliseconds)
				values (url, body, params, headers, timeout_milliseconds) returning id
			$$;
			create schema vault;
			create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
		`);
		await db.sql`insert into vault.decrypted_secrets values ('netlify_build_hook_url', ${HOOK})`;
	});

	beforeEach(async () => {
		// Every test starts with nothing waiting and no call in the last minute.
		await db.sql`update site_rebuilds set triggered_at = coalesce(triggered_at, now()), hook_request_id = null`;
		await db.sql`delete from net._http_response`;
		await db.sql`update build_hook_state set last_called_at = null`;
		await db.sql`delete from net.calls`;
	});

	it('calls the hook once per burst of edits, at most once a minute, the last edit always covered', async () => {
		const [a, b, c] = await liveTools(3);
		await edit(a);
		await edit(b);
		await edit(c);
		expect(await calls()).toEqual([]); // an edit itself sends nothing
		expect(await waiting()).toHaveLength(3);

		expect(await callBuildHook()).toMatch(/^called the build hook for 3 change\(s\)/);
		const [first] = await calls();
		expect(first).toMatchObject({ url: HOOK, body: {} });
		expect(first.title).toBe(
			'3 catalogue changes: Database edit: update on construction_apps; Database edit: update on construction_apps; Database edit: update on construction_apps',
		);
		expect(await waiting()).toEqual([]);

		// More edits within the minute wait for the next call…
		await edit(a);
		await db.sql`delete from tool_integrations where tool_low_id = ${Math.min(a, b)} and tool_high_id = ${Math.max(a, b)}`;
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${Math.min(a, b)}, ${Math.max(a, b)}, 'native', 'https://example.com/last')`;
		const later = await waiting();
		expect(later.map((row) => row.reason)).toEqual([
			'Database edit: update on construction_apps',
			'Database edit: delete on tool_integrations',
			'Database edit: insert on tool_integrations',
		]);
		expect(await callBuildHook()).toBe('waiting: the build hook was called less than a minute ago');
		expect(await calls()).toHaveLength(1);

		// …which takes them all along, the last one included.
		await aMinutePasses();
		expect(await callBuildHook()).toMatch(/^called the build hook for 3 change\(s\)/);
		const all = await calls();
		expect(all).toHaveLength(2);
		const covered =
			await db.sql`select id from site_rebuilds where hook_request_id = ${all[1].id} order by id`;
		expect(covered.map((row) => Number(row.id))).toEqual(later.map((row) => row.id));

		await aMinutePasses();
		expect(await callBuildHook()).toBe('nothing to rebuild');
		expect(await calls()).toHaveLength(2);
	});

	it('asks for nothing when the change is not on the site: an unpublished tool, its integrations', async () => {
		const [live] = await liveTools(1);
		const [hidden] = await db.sql`insert into construction_apps (name, url, category, status)
			values ('Hidden Tool', 'https://hidden-tool.example.com', 'estimating', 'unpublished') returning id`;
		await db.sql`update construction_apps set description = 'Still unpublished.' where id = ${hidden.id}`;
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${Math.min(live, Number(hidden.id))}, ${Math.max(live, Number(hidden.id))}, 'api', 'https://example.com/hidden')`;
		await db.sql`update construction_apps set description = description where false`;
		expect(await waiting()).toEqual([]);
		expect(await callBuildHook()).toBe('nothing to rebuild');
		expect(await calls()).toEqual([]);

		// Publishing it, and taking it off again, are changes to the site.
		await db.sql`update construction_apps set status = 'live' where id = ${hidden.id}`;
		await db.sql`update construction_apps set status = 'unpublished' where id = ${hidden.id}`;
		await db.sql`delete from construction_apps where id = ${hidden.id}`;
		expect((await waiting()).map((row) => row.reason)).toEqual([
			'Database edit: update on construction_apps',
			'Database edit: update on construction_apps',
		]);
	});

	it('watches a table attached later (as the facts migration does) by the tools its rows name', async () => {
		const [live] = await liveTools(1);
		const [hidden] = await db.sql`insert into construction_apps (name, url, category, status)
			values ('Hidden Facts', 'https://hidden-facts.example.com', 'estimating', 'unpublished') returning id`;
		await db.sql`create table public.test_tool_notes (tool_id bigint not null references construction_apps (id), note text)`;
		await db.sql`select public.rebuild_site_on_change('public.test_tool_notes')`;
		await db.sql`insert into test_tool_notes values (${hidden.id}, 'not shown')`;
		expect(await waiting()).toEqual([]);
		await db.sql`insert into test_tool_notes values (${live}, 'shown')`;
		await db.sql`truncate test_tool_notes`;
		expect((await waiting()).map((row) => row.reason)).toEqual([
			'Database edit: insert on test_tool_notes',
			'Database edit: truncate on test_tool_notes',
		]);
	});

	it('makes a failed call again a minute later, and settles a good one', async () => {
		const [a] = await liveTools(1);
		await edit(a);
		await callBuildHook();
		const [failed] = await calls();
		await db.sql`insert into net._http_response (id, status_code) values (${failed.id}, 500)`;
		expect(await callBuildHook()).toBe('waiting: the build hook was called less than a minute ago');
		const [back] = await db.sql`select last_error from site_rebuilds where triggered_at is null`;
		expect(back.last_error).toBe('the build hook answered 500');

		await aMinutePasses();
		expect(await callBuildHook()).toMatch(/^called the build hook for 1 change/);
		const [, retried] = await calls();
		await db.sql`insert into net._http_response (id, status_code, error_msg) values (${retried.id}, null, 'Timeout was reached')`;
		await aMinutePasses();
		expect(await callBuildHook()).toMatch(/^called the build hook for 1 change/);
		const [, , good] = await calls();
		await db.sql`insert into net._http_response (id, status_code) values (${good.id}, 200)`;
		await aMinutePasses();
		expect(await callBuildHook()).toBe('nothing to rebuild');
		const [row] = await db.sql`select triggered_at, hook_request_id, last_error from site_rebuilds
			where reason like 'Database edit%' order by id desc limit 1`;
		expect(row.triggered_at).not.toBeNull();
		expect(row.hook_request_id).toBeNull();
		expect(row.last_error).toBe('the build hook could not be reached: Timeout was reached');
	});

	it('makes a call again that pg_net never answered, after 10 minutes', async () => {
		const [a] = await liveTools(1);
		await edit(a);
		await callBuildHook();
		await aMinutePasses();
		expect(await callBuildHook()).toBe('nothing to rebuild');
		await db.sql`update site_rebuilds set triggered_at = now() - interval '11 minutes' where hook_request_id is not null`;
		expect(await callBuildHook()).toMatch(/^called the build hook for 1 change/);
		expect(await calls()).toHaveLength(2);
	});

	it('waits without the Vault secret, and leaves requests an editor is calling for to the editor', async () => {
		await db.sql`delete from vault.decrypted_secrets`;
		const [a] = await liveTools(1);
		await edit(a);
		expect(await callBuildHook()).toBe(
			'no build hook: store its address in Vault as netlify_build_hook_url',
		);
		await db.sql`insert into vault.decrypted_secrets values ('netlify_build_hook_url', ${HOOK})`;
		// The editor's rebuild claims what is waiting before it calls the hook itself.
		await db.sql`select * from public.claim_rebuilds(900)`;
		expect(await callBuildHook()).toBe('nothing to rebuild');
		expect(await calls()).toEqual([]);
	});

	it("records the editor's own writes (service_role), which its rebuild takes along", async () => {
		const [a] = await liveTools(1);
		await db.sql.begin(async (tx) => {
			await tx`set local role service_role`;
			await tx`select public.update_tool(${a}, null, null, 'Edited by the editor.', null)`;
			await tx`insert into site_rebuilds (reason) values ('Edited tool ' || ${a})`;
		});
		const claimed = await db.sql`select reason from public.claim_rebuilds(900) order by id`;
		expect(claimed.map((row) => row.reason)).toEqual([
			'Database edit: update on construction_apps',
			`Edited tool ${a}`,
		]);
	});

	it('lets neither anon nor the server role call the hook or read its state', async () => {
		for (const role of ['anon', 'service_role']) {
			await expect(
				db.sql.begin(async (tx) => {
					await tx.unsafe(`set local role ${role}`);
					await tx`select public.call_build_hook()`;
				}),
			).rejects.toThrow(/permission denied/);
			await expect(
				db.sql.begin(async (tx) => {
					await tx.unsafe(`set local role ${role}`);
					await tx`select * from build_hook_state`;
				}),
			).rejects.toThrow(/permission denied/);
		}
	});
});

describe("pruning the hook job's pg_cron history", () => {
	const prune = async () =>
		String((await db.sql`select public.prune_build_hook_runs() as said`)[0].said);

	it('does nothing without pg_cron', async () => {
		expect(await prune()).toBe('pg_cron is not installed: nothing to do');
	});

	it("deletes the hook job's runs older than 7 days, and no other job's", async () => {
		// A stand-in for the two pg_cron tables it reads, with their columns of the same names.
		await db.sql.unsafe(`
			create schema cron;
			create table cron.job (jobid bigint primary key, jobname text);
			create table cron.job_run_details (runid bigint generated always as identity,
				jobid bigint, end_time timestamptz);
			insert into cron.job values (1, 'call-build-hook'), (2, 'someone-elses-job');
			insert into cron.job_run_details (jobid, end_time) values
				(1, now() - interval '30 days'), (1, now() - interval '8 days'),
				(1, now() - interval '6 days'), (1, now()),
				(2, now() - interval '30 days');
		`);
		expect(await prune()).toBe('deleted 2 run(s) of call-build-hook older than 7 days');
		const left = await db.sql`select jobid, end_time > now() - interval '7 days' as recent
			from cron.job_run_details order by runid`;
		expect(left.map((row) => [Number(row.jobid), row.recent])).toEqual([
			[1, true],
			[1, true],
			[2, false],
		]);
		expect(await prune()).toBe('deleted 0 run(s) of call-build-hook older than 7 days');
	});

	it('lets neither anon nor the server role call it', async () => {
		for (const role of ['anon', 'service_role']) {
			await expect(
				db.sql.begin(async (tx) => {
					await tx.unsafe(`set local role ${role}`);
					await tx`select public.prune_build_hook_runs()`;
				}),
			).rejects.toThrow(/permission denied/);
		}
	});
});
