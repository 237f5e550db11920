// The editor's integration commands as an editor runs them: a real embedded database, a fake
// build hook on loopback. Tools here are created by the test (no integrations in the seed).
// Tests that run the CLI many times get a longer timeout: each run is a process start.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv, fakeBuildHook } from '../editor/cli.ts';

let db: TestDb;
let hook: Awaited<ReturnType<typeof fakeBuildHook>>;
let env: Record<string, string>;
let tool: Record<'hub' | 'one' | 'two' | 'hidden', number>;
const SOURCE = 'https://hub.example.com/marketplace/one';

interface Pair {
	tool_low_id: number;
	tool_high_id: number;
	kind: string;
	note: string | null;
	source_url: string;
}
const pairs = async (): Promise<Pair[]> =>
	(
		await db.sql`select tool_low_id, tool_high_id, kind, note, source_url from tool_integrations order by id`
	).map((row) => ({
		tool_low_id: Number(row.tool_low_id),
		tool_high_id: Number(row.tool_high_id),
		kind: row.kind,
		note: row.note,
		source_url: row.source_url,
	}));

beforeAll(async () => {
	db = await startTestDb();
	hook = await fakeBuildHook(() => 200);
	env = editorEnv(db, { NETLIFY_BUILD_HOOK_URL: hook.url });
	const rows =
		await db.sql`insert into construction_apps (name, description, url, category, status) values
		('Hub Platform', 'hub', 'https://hub.example.com', 'project-management', 'live'),
		('Linked One', 'one', 'https://one.example.com', 'estimating', 'live'),
		('Linked Two', 'two', 'https://two.example.com', 'financials', 'live'),
		('Hidden Partner', 'h', 'https://hidden-partner.example.com', 'workforce', 'unpublished')
		returning id`;
	const [hub, one, two, hidden] = rows.map((row) => Number(row.id));
	tool = { hub, one, two, hidden };
	await db.sql`delete from tool_integrations`;
});
afterAll(async () => {
	await hook?.close();
	await db?.stop();
});
beforeEach(() => {
	hook.calls.length = 0;
});

describe('link, integrations, unlink', () => {
	it('links two tools by name or id, shows it from both sides, and rebuilds', async () => {
		const linked = await editor(
			[
				'link',
				'hub platform',
				String(tool.one),
				'--kind',
				'marketplace',
				'--source',
				SOURCE,
				'--note',
				'Syncs bids',
			],
			env,
		);
		expect(linked.stderr).toBe('');
		expect(linked.code).toBe(0);
		expect(linked.stdout).toMatch(/Linked Hub Platform \(tool \d+\) and Linked One/);
		expect(hook.calls).toHaveLength(1);
		expect(await pairs()).toEqual([
			{
				tool_low_id: tool.hub,
				tool_high_id: tool.one,
				kind: 'marketplace',
				note: 'Syncs bids',
				source_url: SOURCE,
			},
		]);
		const fromOne = await editor(['integrations', 'Linked One'], env);
		expect(fromOne.code).toBe(0);
		expect(fromOne.stdout).toMatch(
			new RegExp(`${tool.hub}\\s+Hub Platform\\s+marketplace\\s+live`),
		);
		expect(fromOne.stdout).toContain('works with 1 tool.');
		const fromHub = await editor(['integrations', String(tool.hub)], env);
		expect(fromHub.stdout).toMatch(/Linked One/);
	});

	it('refuses bad input with the usual exit codes and changes nothing', async () => {
		const before = await pairs();
		const cases: [string[], number, RegExp][] = [
			[
				['link', 'Hub Platform', 'Linked Two', '--kind', 'plugin', '--source', SOURCE],
				2,
				/--kind must be one of/,
			],
			[['link', 'Hub Platform', 'Linked Two', '--kind', 'api'], 2, /--source <url> is required/],
			[
				['link', 'Hub Platform', 'Linked Two', '--kind', 'api', '--source', 'javascript:alert(1)'],
				2,
				/http\(s\) URL/,
			],
			[
				[
					'link',
					'Hub Platform',
					'Linked Two',
					'--kind',
					'api',
					'--source',
					SOURCE,
					'--note',
					'x'.repeat(141),
				],
				2,
				/too long/,
			],
			[['link', 'Hub Platform', 'hub platform', '--kind', 'api', '--source', SOURCE], 2, /itself/],
			[['link', 'Hub Platform', '--kind', 'api', '--source', SOURCE], 2, /give two tools/],
			[
				['link', 'Hub Platform', 'No Such Tool', '--kind', 'api', '--source', SOURCE],
				3,
				/no tool named "No Such Tool"/,
			],
			[
				['link', String(tool.one), 'Hub Platform', '--kind', 'api', '--source', SOURCE],
				4,
				/already linked/,
			],
			[['unlink', 'Hub Platform', 'Linked Two'], 3, /are not linked/],
			[['integrations', '99999999'], 3, /no tool with id/],
		];
		for (const [args, code, message] of cases) {
			const result = await editor(args, env);
			expect({ args, code: result.code }).toEqual({ args, code });
			expect(result.stderr).toMatch(message);
		}
		expect(await pairs()).toEqual(before);
		expect(hook.calls).toHaveLength(0);
	}, 180_000);

	it('replaces a link only when asked, and unlinks', async () => {
		const replaced = await editor(
			[
				'link',
				'Linked One',
				'Hub Platform',
				'--kind',
				'native',
				'--source',
				'https://one.example.com/docs',
				'--replace',
			],
			env,
		);
		expect(replaced.code).toBe(0);
		expect(replaced.stdout).toMatch(/Updated the link/);
		expect(await pairs()).toEqual([
			{
				tool_low_id: tool.hub,
				tool_high_id: tool.one,
				kind: 'native',
				note: null,
				source_url: 'https://one.example.com/docs',
			},
		]);
		const unlinked = await editor(['unlink', String(tool.one), 'Hub Platform'], env);
		expect(unlinked.code).toBe(0);
		expect(await pairs()).toEqual([]);
		expect(hook.calls).toHaveLength(2);
	});
});

describe('approve with "works with" suggestions', () => {
	async function submit(name: string, url: string, worksWith: string[]) {
		const [row] = await db.sql`select * from submit_tool_with_suggestions(
			'submit', ${`client-${name}`}, 3600, 100, ${name}, ${url}, null, ${worksWith})`;
		return row;
	}
	const submissionId = async (name: string) =>
		Number((await db.sql`select id from new_app_submissions where name = ${name}`)[0].id);

	it('stores only live tools as suggestions and refuses unknown ones, writing nothing', async () => {
		const refused = await submit('Refused Tool', 'https://refused.example.com', [
			'Hub Platform',
			'Hidden Partner',
			'Nope',
		]);
		expect(refused.outcome).toBe('unknown_tools');
		expect(refused.unknown).toEqual(['Hidden Partner', 'Nope']);
		expect(
			await db.sql`select 1 from new_app_submissions where name = 'Refused Tool'`,
		).toHaveLength(0);
		const accepted = await submit('Suggesting Tool', 'https://suggesting.example.com', [
			' hub platform ',
			String(tool.two),
			'Hub Platform',
		]);
		expect(accepted.outcome).toBe('created');
		const [row] =
			await db.sql`select works_with_ids from new_app_submissions where name = 'Suggesting Tool'`;
		expect(row.works_with_ids.map(Number)).toEqual([tool.hub, tool.two]);
	});

	it('shows the suggestions, and approve links the new tool to them in one go', async () => {
		const id = await submissionId('Suggesting Tool');
		const shown = await editor(['show', String(id)], env);
		expect(shown.stdout).toMatch(
			new RegExp(`works with\\s+Hub Platform \\(${tool.hub}\\), Linked Two \\(${tool.two}\\)`),
		);
		const pending = await editor(['pending'], env);
		expect(pending.stdout).toContain(`${tool.hub},${tool.two}`);

		const approve = (...extra: string[]) =>
			editor(
				[
					'approve',
					String(id),
					'--description',
					'Suggests partners.',
					'--category',
					'workforce',
					...extra,
				],
				env,
			);
		const noSource = await approve('--works-with', 'suggested');
		expect(noSource.code).toBe(2);
		const hidden = await approve('--works-with', `Hub Platform,${tool.hidden}`, '--source', SOURCE);
		expect(hidden.code).toBe(2);
		expect(hidden.stderr).toMatch(/Hidden Partner \(tool \d+\) is not live/);
		const unknown = await approve('--works-with', 'Nope', '--source', SOURCE);
		expect(unknown.code).toBe(3);
		const [stillPending] = await db.sql`select status from new_app_submissions where id = ${id}`;
		expect(stillPending.status).toBe('pending');
		expect(hook.calls).toHaveLength(0);

		const approved = await approve(
			'--works-with',
			'suggested',
			'--source',
			SOURCE,
			'--kind',
			'marketplace',
		);
		expect(approved.stderr).toBe('');
		expect(approved.code).toBe(0);
		const [{ tool_id: newId }] =
			await db.sql`select tool_id from new_app_submissions where id = ${id}`;
		const links = (await pairs()).filter((pair) =>
			[pair.tool_low_id, pair.tool_high_id].includes(Number(newId)),
		);
		expect(
			links
				.map((pair) => [pair.tool_low_id, pair.tool_high_id].find((x) => x !== Number(newId)))
				.sort(),
		).toEqual([tool.hub, tool.two].sort());
		expect(new Set(links.map((pair) => pair.kind))).toEqual(new Set(['marketplace']));
		expect(hook.calls).toHaveLength(1);
		const listed = await editor(['integrations', String(newId)], env);
		expect(listed.stdout).toMatch(/works with 2 tools/);
	}, 180_000);

	it('rejects --source without --works-with', async () => {
		await submit('Plain Tool', 'https://plain.example.com', []);
		const id = await submissionId('Plain Tool');
		const result = await editor(
			[
				'approve',
				String(id),
				'--description',
				'Plain.',
				'--category',
				'workforce',
				'--source',
				SOURCE,
			],
			env,
		);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/go with --works-with/);
	});
});

describe('what a connection does: link details, verify, --stale', () => {
	let ids: Record<'erp' | 'field' | 'bid', number>;
	const NEW_SOURCE = 'https://erp.example.com/help/field-sync';
	const detail = async (a: number, b: number) => {
		const [row] = await db.sql`select kind, direction, moves, via, via_service, status, note,
			source_url, verified_on::text as verified_on, (verified_on = current_date) as today
			from tool_integrations where tool_low_id = ${Math.min(a, b)} and tool_high_id = ${Math.max(a, b)}`;
		return row;
	};

	beforeAll(async () => {
		const rows =
			await db.sql`insert into construction_apps (name, description, url, category, status) values
			('Detail ERP', 'erp', 'https://erp.example.com', 'financials', 'live'),
			('Detail Field', 'field', 'https://field.example.com', 'field-management', 'live'),
			('Detail Bid', 'bid', 'https://bid.example.com', 'estimating', 'live')
			returning id`;
		const [erp, field, bid] = rows.map((row) => Number(row.id));
		ids = { erp, field, bid };
	});

	it('link records direction from the first tool named, what moves, the middleware and status, checked today', async () => {
		const linked = await editor(
			[
				'link',
				'Detail Field',
				'Detail ERP',
				'--via',
				'Agave',
				'--direction',
				'a-to-b',
				'--moves',
				'invoices-pay-apps,timesheets,budgets',
				'--status',
				'beta',
				'--source',
				SOURCE,
				'--note',
				'Field time to ERP payroll',
			],
			env,
		);
		expect(linked.stderr).toBe('');
		expect(linked.code).toBe(0);
		expect(linked.stdout).toContain(
			'From Detail Field to Detail ERP · moves budgets, invoices and pay apps, timesheets · through Agave (middleware) · Beta',
		);
		// Field was created after ERP: the higher id, so a-to-b is stored high to low.
		expect(await detail(ids.erp, ids.field)).toMatchObject({
			kind: 'api',
			direction: 'high_to_low',
			moves: ['budgets', 'invoices_pay_apps', 'timesheets'],
			via: 'middleware',
			via_service: 'Agave',
			status: 'beta',
			today: true,
		});
		expect(hook.calls).toHaveLength(1);
		const fromErp = await editor(['integrations', 'Detail ERP'], env);
		expect(fromErp.stdout).toMatch(
			new RegExp(`${ids.field}\\s+Detail Field\\s+api\\s+live\\s+\\d{4}-`),
		);
		expect(fromErp.stdout).toContain(
			'From Detail Field to Detail ERP · moves budgets, invoices and pay apps, timesheets · through Agave (middleware) · Beta',
		);
	}, 60_000);

	it('refuses bad details with exit 2, an unlinked pair with 3, and changes nothing', async () => {
		const before = await pairs();
		const link = (...extra: string[]) => [
			'link',
			'Detail Bid',
			'Detail ERP',
			'--source',
			SOURCE,
			...extra,
		];
		const cases: [string[], number, RegExp][] = [
			[link('--via', 'built-in', '--direction', 'sideways'), 2, /--direction must be/],
			[link('--via', 'built-in', '--moves', 'issues,rfis'), 2, /--moves: unknown "issues"/],
			[link('--via', 'built-in', '--moves', ','), 2, /--moves needs items/],
			[link('--via', 'built_inn'), 2, /--via is built-in/],
			[link('--via', 'middleware'), 2, /name the service/],
			[link('--via', 'built-in', '--status', 'gone'), 2, /--status must be one of/],
			[link('--via', 'Agave', '--kind', 'native'), 2, /--kind native does not fit --via/],
			[link('--note', 'no way said'), 2, /say how they connect/],
			[['verify', 'Detail Bid', 'Detail ERP'], 2, /--source <url> is required/],
			[['verify', 'Detail Bid', 'Detail ERP', '--source', SOURCE], 3, /are not linked/],
			[['integrations', '--stale', 'soon'], 2, /--stale takes a number of days/],
			[['integrations', '--stale', '30', 'Detail Bid', 'Detail ERP'], 2, /at most one tool/],
		];
		for (const [args, code, message] of cases) {
			const result = await editor(args, env);
			expect({ args, code: result.code }).toEqual({ args, code });
			expect(result.stderr).toMatch(message);
		}
		expect(await pairs()).toEqual(before);
		expect(hook.calls).toHaveLength(0);
	}, 180_000);

	it('--stale lists what was not read for that long; verify moves the date (and the source) after a re-read', async () => {
		await editor(
			['link', 'Detail Bid', 'Detail ERP', '--via', 'file-exchange', '--source', SOURCE],
			env,
		);
		await db.sql`update tool_integrations set verified_on = current_date - 400
			where tool_low_id = ${ids.erp} and tool_high_id = ${ids.bid}`;
		const stale = await editor(['integrations', '--stale', '365'], env);
		expect(stale.code).toBe(0);
		expect(stale.stdout).toMatch(/\s400\s+Detail ERP \(\d+\)\s+Detail Bid \(\d+\)/);
		expect(stale.stdout).not.toContain('Detail Field');
		expect(stale.stdout).toContain('1 connection not checked for 365 days or more');
		const onlyField = await editor(['integrations', '--stale', '365', 'Detail Field'], env);
		expect(onlyField.stdout).toContain('0 connections not checked');
		hook.calls.length = 0;
		const verified = await editor(
			['verify', String(ids.bid), 'detail erp', '--source', NEW_SOURCE],
			env,
		);
		expect(verified.stderr).toBe('');
		expect(verified.code).toBe(0);
		expect(verified.stdout).toContain(`(the source was ${SOURCE})`);
		expect(await detail(ids.erp, ids.bid)).toMatchObject({
			source_url: NEW_SOURCE,
			via: 'file_exchange',
			kind: 'native',
			today: true,
		});
		expect(hook.calls).toHaveLength(1);
		const none = await editor(['integrations', '--stale', '365'], env);
		expect(none.stdout).toContain('0 connections not checked');
	}, 120_000);

	it('link --replace records the pair anew: what is not given is not documented', async () => {
		await db.sql`update tool_integrations set verified_on = current_date - 30
			where tool_low_id = ${ids.erp} and tool_high_id = ${ids.field}`;
		const replaced = await editor(
			[
				'link',
				'Detail ERP',
				'Detail Field',
				'--via',
				'marketplace-app',
				'--source',
				NEW_SOURCE,
				'--replace',
			],
			env,
		);
		expect(replaced.code).toBe(0);
		expect(await detail(ids.erp, ids.field)).toMatchObject({
			kind: 'marketplace',
			direction: null,
			moves: null,
			via: 'marketplace_app',
			via_service: null,
			status: null,
			note: null,
			today: true,
		});
	}, 60_000);
});
