// A connection's details on real Postgres (embedded): the vocabulary the database enforces is
// the one the site labels (details.ts), a middleware is named, kind agrees with via, the day
// the source was read stays put on update, and anon reads the details of live pairs only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_KEYS, STATUS_KEYS, VIA_KEYS } from '../../src/features/integrations/details.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { embeddedIntegrationReader } from '../../src/lib/store/integrations.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let ids: { a: number; b: number; c: number; hidden: number };

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const rows = await db.sql`insert into construction_apps (name, url, category, status) values
		('Detail A', 'https://detail-a.example.com', 'project-management', 'live'),
		('Detail B', 'https://detail-b.example.com', 'financials', 'live'),
		('Detail C', 'https://detail-c.example.com', 'scheduling', 'live'),
		('Detail Hidden', 'https://detail-hidden.example.com', 'workforce', 'unpublished')
		returning id`;
	const [a, b, c, hidden] = rows.map((row) => Number(row.id));
	ids = { a, b, c, hidden };
});
afterAll(() => db?.stop());

const valid = async (moves: string[]) =>
	(await db.sql`select public.integration_moves_valid(${moves}::text[]) as ok`)[0].ok as boolean;

interface Details {
	kind?: string;
	direction?: string | null;
	moves?: string[] | null;
	via?: string | null;
	service?: string | null;
	status?: string | null;
	verifiedOn?: string;
}
/** Inserts a pair (a, c unless told) with the given details, in a transaction rolled back. */
const attempt = (details: Details, low = ids.a, high = ids.c) =>
	db.sql.begin(async (tx) => {
		await tx`insert into tool_integrations
			(tool_low_id, tool_high_id, kind, source_url, direction, moves, via, via_service, status, verified_on)
			values (${low}, ${high}, ${details.kind ?? 'native'}, 'https://docs.example.com/x',
				${details.direction ?? null}, ${details.moves ?? null}::text[], ${details.via ?? null},
				${details.service ?? null}, ${details.status ?? null},
				coalesce(${details.verifiedOn ?? null}::date, current_date))`;
		throw new Error('rolled back');
	});
const refused = (details: Details, pattern: RegExp) =>
	expect(attempt(details)).rejects.toThrow(pattern);
const accepted = (details: Details) => expect(attempt(details)).rejects.toThrow('rolled back');

describe('the moves vocabulary', () => {
	it('accepts every item the site labels, together or alone, and nothing else', async () => {
		for (const move of MOVE_KEYS) expect(await valid([move]), move).toBe(true);
		expect(await valid([...MOVE_KEYS])).toBe(true);
		expect(await valid(['issues'])).toBe(false);
		expect(await valid(['RFIs'])).toBe(false);
		expect(await valid([])).toBe(false);
		expect(await valid(['rfis', 'rfis'])).toBe(false);
		expect(await valid(['rfis', null as unknown as string])).toBe(false);
	});

	it('is a check on the column: an unknown item, an empty list or a repeat is refused', async () => {
		await refused({ moves: ['issues'] }, /moves_check/);
		await refused({ moves: [] }, /moves_check/);
		await refused({ moves: ['budgets', 'budgets'] }, /moves_check/);
		await accepted({ moves: ['budgets', 'commitments'] });
		await accepted({ moves: null });
	});
});

describe('direction, via and status', () => {
	it('take their words only', async () => {
		for (const direction of ['low_to_high', 'high_to_low', 'both']) await accepted({ direction });
		await refused({ direction: 'a_to_b' }, /direction_check/);
		for (const status of STATUS_KEYS) await accepted({ status });
		await refused({ status: 'current' }, /status_check/);
		await refused({ via: 'api' }, /via_check/);
	});

	it('a middleware names its service, and nothing else does', async () => {
		await accepted({ kind: 'api', via: 'middleware', service: 'Agave' });
		await refused({ kind: 'api', via: 'middleware' }, /middleware_named/);
		await refused({ kind: 'native', via: 'built_in', service: 'Agave' }, /middleware_named/);
		await refused({ service: 'Agave' }, /middleware_named/);
		await refused({ kind: 'api', via: 'middleware', service: ' Agave' }, /via_service_check/);
		await refused({ kind: 'api', via: 'middleware', service: 'x'.repeat(61) }, /via_service_check/);
	});

	it('kind agrees with via once via is known', async () => {
		const kinds: Record<string, string> = {
			built_in: 'native',
			file_exchange: 'native',
			marketplace_app: 'marketplace',
			middleware: 'api',
		};
		for (const via of VIA_KEYS) {
			const service = via === 'middleware' ? 'Zapier' : null;
			await accepted({ via, service, kind: kinds[via] });
			for (const kind of ['native', 'marketplace', 'api'].filter((k) => k !== kinds[via]))
				await refused({ via, service, kind }, /kind_fits_via/);
		}
		for (const kind of ['native', 'marketplace', 'api']) await accepted({ kind, via: null });
	});
});

describe('verified_on', () => {
	it('defaults to today, refuses the future, and stays put when the row is touched', async () => {
		await refused({ verifiedOn: '2999-01-01' }, /verified_on_past/);
		await db.sql`insert into tool_integrations (tool_low_id, tool_high_id, kind, source_url)
			values (${ids.a}, ${ids.b}, 'native', 'https://docs.example.com/ab')`;
		const day = async () =>
			(
				await db.sql`select verified_on::text as day from tool_integrations
					where tool_low_id = ${ids.a} and tool_high_id = ${ids.b}`
			)[0].day;
		const [{ today }] = await db.sql`select current_date::text as today`;
		expect(await day()).toBe(today);
		await db.sql`update tool_integrations set verified_on = '2026-01-05'
			where tool_low_id = ${ids.a} and tool_high_id = ${ids.b}`;
		await db.sql`update tool_integrations set note = 'Syncs budgets', moves = '{budgets}',
			direction = 'low_to_high' where tool_low_id = ${ids.a} and tool_high_id = ${ids.b}`;
		expect(await day()).toBe('2026-01-05');
	});
});

describe('row level security as anon', () => {
	it('reads the details of pairs between live tools, and cannot write them', async () => {
		await db.sql`insert into tool_integrations
			(tool_low_id, tool_high_id, kind, source_url, via, via_service, status, verified_on)
			values (${ids.b}, ${ids.hidden}, 'api', 'https://docs.example.com/hidden', 'middleware',
				'Agave', 'beta', '2026-11-01')`;
		const reader = embeddedIntegrationReader(connectEmbedded(db.url));
		const rows = await reader.listLiveIntegrations();
		await reader.close();
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			direction: 'low_to_high',
			moves: ['budgets'],
			via: null,
			via_service: null,
			status: null,
		});
		const day = rows[0].verified_on;
		expect(day instanceof Date ? day.toISOString().slice(0, 10) : day).toBe('2026-01-05');
		await expect(
			db.sql.begin(async (tx) => {
				await tx`set local role anon`;
				await tx`update tool_integrations set status = 'retired'`;
			}),
		).rejects.toThrow(/permission denied/);
	});
});
