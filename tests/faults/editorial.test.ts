// Faults around publishing: a build hook that fails or is down (the approval is kept, the
// editor exits 6 and says how to retry, visitors' forms keep working, the next rebuild takes
// the change along), and two editors approving two submissions for one host at the same
// moment (one is published, the other is refused as a conflict).
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';
import { postJson, testDeps } from '../functions/harness.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let hookStatus = 200;
let env: Record<string, string>;

async function submission(name: string, url: string): Promise<number> {
	await db.sql`select * from submit_tool(${name}, ${url}, null)`;
	const [row] = await db.sql`select id from new_app_submissions where name = ${name}`;
	return Number(row.id);
}
const approve = (id: number, extra: Record<string, string> = {}) =>
	editor(['approve', String(id), '--description', 'A tool.', '--category', 'scheduling'], {
		...env,
		...extra,
	});

beforeAll(async () => {
	db = await startTestDb();
	hook = await fakeBuildHook(() => hookStatus);
	env = editorEnv(db, { NETLIFY_BUILD_HOOK_URL: hook.url, OUTBOX_DIR: `${db.dataDir}-outbox` });
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});
beforeEach(() => {
	hookStatus = 200;
	hook.calls.length = 0;
});

it.each([
	['answers 500', () => ({})],
	[
		'is down (nothing listens)',
		async () => ({ NETLIFY_BUILD_HOOK_URL: `http://127.0.0.1:${await freePort()}/hook` }),
	],
])(
	'keeps the approval when the build hook %s, and a later rebuild takes it along',
	async (label, hookEnv) => {
		hookStatus = 500;
		const name = `Hook Fault ${label}`;
		const id = await submission(
			name,
			`https://hook-fault-${hook.calls.length}-${Date.now()}.example.com`,
		);
		const result = await approve(id, await hookEnv());
		expect(result.code).toBe(6);
		expect(result.stderr).toMatch(/rebuild failed/);
		expect(result.stderr).toMatch(/npm run editor -- rebuild/);
		const [row] = await db.sql`select s.status, t.status as tool_status from new_app_submissions s
		join construction_apps t on t.id = s.tool_id where s.id = ${id}`;
		expect(row).toEqual({ status: 'approved', tool_status: 'live' });

		// Visitors are not affected by a failing rebuild.
		const submit = createSubmitHandler(testDeps(db.sql));
		const response = await submit(
			postJson('/.netlify/functions/submit', {
				name: 'During Outage',
				url: `https://during-${id}.example.com`,
			}),
			{ ip: '192.0.2.50' },
		);
		expect(response.status).toBe(200);

		// The hook is back: the pending rebuild goes out with the change named in it.
		hookStatus = 200;
		hook.calls.length = 0;
		expect((await editor(['rebuild'], env)).code).toBe(0);
		expect(hook.calls).toHaveLength(1);
		expect(hook.calls[0].searchParams.get('trigger_title')).toContain(name);
	},
);

it('publishes one of two submissions for the same host approved at the same moment', async () => {
	const first = await submission('Same Host One', 'https://samehost.example.com/product-one');
	const second = await submission('Same Host Two', 'https://www.samehost.example.com/product-two');
	const results = await Promise.all([approve(first), approve(second)]);
	const codes = results.map((result) => result.code).sort();
	expect(codes).toEqual([0, 4]); // one published, one conflict
	const refused = results.find((result) => result.code === 4)!;
	expect(refused.stderr).toMatch(/same host|duplicate/i);
	const live = await db.sql`select name from construction_apps
		where status = 'live' and host = 'samehost.example.com'`;
	expect(live).toHaveLength(1);
});
