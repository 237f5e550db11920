// The editor's facts commands as an editor runs them: a real embedded database, a fake build
// hook on loopback. Each change rebuilds; bad values and addresses change nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv, fakeBuildHook } from './cli.ts';

let db: TestDb;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let env: Record<string, string>;
let toolId: number;
const PRICING = 'https://field-facts.example.com/pricing';
const PLAY = 'https://play.google.com/store/apps/details?id=com.fieldfacts';

const facts = async () =>
	(
		await db.sql`select fact, value, detail, source_url, verified_on::text as day
			from tool_facts where tool_id = ${toolId} order by fact, source_url`
	).map((row) => ({ ...row }));

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	hook = await fakeBuildHook(() => 200);
	env = editorEnv(db, { NETLIFY_BUILD_HOOK_URL: hook.url });
	const [row] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Field Facts', 'A field app', 'https://field-facts.example.com', 'field-management')
		returning id`;
	toolId = Number(row.id);
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});
beforeEach(() => {
	hook.calls.length = 0;
});

describe('facts', { timeout: 120_000 }, () => {
	it('records a fact as read today, adds a page of a set, shows them, and rebuilds each time', async () => {
		const set = await editor(
			[
				'facts',
				'field facts',
				'set',
				'platforms=web,ios',
				'--source',
				PRICING,
				'--quote',
				'Runs in any browser and on iPhone.',
			],
			env,
		);
		expect(set.stderr).toBe('');
		expect(set.code).toBe(0);
		const added = await editor(
			[
				'facts',
				String(toolId),
				'set',
				'platforms=android',
				'--source',
				PLAY,
				'--add',
				'--quote',
				'Get it on Google Play.',
			],
			env,
		);
		expect(added.code).toBe(0);
		const free = await editor(
			[
				'facts',
				'Field Facts',
				'set',
				'free_version=yes',
				'--detail',
				'up to 5 users',
				'--source',
				PRICING,
				'--quote',
				'Free forever for teams of up to 5 users.',
			],
			env,
		);
		expect(free.code).toBe(0);
		expect(hook.calls).toHaveLength(3);
		const today = new Date().toISOString().slice(0, 10);
		expect(await facts()).toEqual([
			{
				fact: 'free_version',
				value: ['yes'],
				detail: 'up to 5 users',
				source_url: PRICING,
				day: today,
			},
			{ fact: 'platforms', value: ['web', 'ios'], detail: null, source_url: PRICING, day: today },
			{ fact: 'platforms', value: ['android'], detail: null, source_url: PLAY, day: today },
		]);
		const shown = await editor(['facts', 'Field Facts'], env);
		expect(shown.code).toBe(0);
		expect(shown.stdout).toContain('web,ios');
		expect(shown.stdout).toContain(PLAY);
		expect(shown.stdout).toContain('Get it on Google Play.');
		const [quoted] = await db.sql`select quote, origin from tool_facts
			where tool_id = ${toolId} and fact = 'free_version'`;
		expect(quoted).toEqual({ quote: 'Free forever for teams of up to 5 users.', origin: 'read' });
		expect(shown.stdout).toMatch(
			/2 of 24 facts recorded; not documented yet: punch_lists, daily_logs, .*, audience/,
		);
	});

	it('refuses bad values, unknown facts and addresses with exit 2, and changes nothing', async () => {
		const before = await facts();
		const q = ['--quote', 'A sentence.'];
		for (const args of [
			// No quote: a fact is recorded only with the sentence that states it.
			['set', 'platforms=web', '--source', PRICING],
			['set', 'platforms=web', '--source', PRICING, '--quote', ' '],
			['set', 'platforms=web', '--source', PRICING, '--quote', 'x'.repeat(501)],
			['set', 'platforms=blackberry', '--source', PRICING, ...q],
			['set', 'colour=red', '--source', PRICING, ...q],
			['set', 'platforms=web', '--source', 'javascript:alert(1)', ...q],
			['set', 'platforms=web', ...q],
			['set', 'starting_price=about 40,USD,user,month', '--source', PRICING, ...q],
			['set', 'open_api=yes', '--source', PRICING, ...q],
			['set', 'offline=full', '--source', PRICING, '--add', ...q],
			['set', 'sso=yes', '--detail', 'SAML', '--source', PRICING, ...q],
		]) {
			const result = await editor(['facts', 'Field Facts', ...args], env);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toMatch(/Error: /);
		}
		expect(await facts()).toEqual(before);
		expect(hook.calls).toHaveLength(0);
		expect((await editor(['facts', 'No Such Tool'], env)).code).toBe(3);
	});

	it('verify moves only the date of the page re-read; set replaces; unset removes', async () => {
		await db.sql`update tool_facts set verified_on = current_date - 400 where tool_id = ${toolId}`;
		const stale = await editor(['facts', '--stale', '365'], env);
		expect(stale.code).toBe(0);
		expect(stale.stdout).toContain('Field Facts');
		expect(stale.stdout).toMatch(/3 facts not checked for more than 365 days/);

		const wrongPage = await editor(
			['facts', 'Field Facts', 'verify', 'platforms', '--source', 'https://elsewhere.example.com/'],
			env,
		);
		expect(wrongPage.code).toBe(3);
		const verified = await editor(
			['facts', 'Field Facts', 'verify', 'platforms', '--source', PLAY],
			env,
		);
		expect(verified.code).toBe(0);
		const today = new Date().toISOString().slice(0, 10);
		const days = Object.fromEntries(
			(await facts()).map((row) => [row.source_url + row.fact, row.day]),
		);
		expect(days[PLAY + 'platforms']).toBe(today);
		expect(days[PRICING + 'platforms']).not.toBe(today);

		expect(
			(
				await editor(
					['facts', 'Field Facts', 'set', 'platforms=web', '--source', PRICING, '--quote', 'Web.'],
					env,
				)
			).code,
		).toBe(0);
		expect((await facts()).filter((row) => row.fact === 'platforms')).toEqual([
			{ fact: 'platforms', value: ['web'], detail: null, source_url: PRICING, day: today },
		]);
		expect((await editor(['facts', 'Field Facts', 'unset', 'free_version'], env)).code).toBe(0);
		expect((await editor(['facts', 'Field Facts', 'unset', 'free_version'], env)).code).toBe(3);
		expect((await facts()).map((row) => row.fact)).toEqual(['platforms']);
		expect(hook.calls.length).toBe(3);
	});
});
