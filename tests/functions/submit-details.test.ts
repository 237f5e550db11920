// The submit function's optional fact suggestions (/newapp/: platforms, who it is for, the
// pricing page), Request in and Response out, on a real embedded database: kept with the
// pending submission as suggestions, refused whole when a value is outside the vocabulary.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { editor, editorEnv } from '../editor/cli.ts';
import { nextIp, postJson, testDeps } from './harness.ts';

const PATH = '/.netlify/functions/submit';
let db: TestDb;
let handle: ReturnType<typeof createSubmitHandler>;
const submit = (body: Record<string, string>) => handle(postJson(PATH, body), { ip: nextIp() });
const stored = async () =>
	(
		await db.sql`select id, name, suggested_platforms, suggested_audience, pricing_url
			from new_app_submissions order by id`
	).map((row) => ({ ...row, id: Number(row.id) }));

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	handle = createSubmitHandler(testDeps(db.sql));
});
afterAll(() => db?.stop());
beforeEach(() => db.sql`delete from new_app_submissions`);

describe('submit with fact suggestions', () => {
	it('keeps the platforms, audience and pricing page, as JSON or a plain form post with repeated boxes', async () => {
		const json = await submit({
			name: 'Crew App',
			url: 'https://crew-app.example.com',
			platforms: 'ios,android,ios',
			audience: 'specialty_contractors',
			pricing_url: 'crew-app.example.com/pricing',
		});
		expect(json.status).toBe(200);
		const form = await handle(
			new Request(`http://localhost${PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'name=Form+App&url=form-app.example.com&platforms=web&platforms=windows&audience=&pricing_url=',
			}),
			{ ip: nextIp() },
		);
		expect(form.status).toBe(303);
		const rows = await stored();
		expect(rows.map(({ id: _, ...row }) => row)).toEqual([
			{
				name: 'Crew App',
				suggested_platforms: ['ios', 'android'],
				suggested_audience: ['specialty_contractors'],
				pricing_url: 'https://crew-app.example.com/pricing',
			},
			{
				name: 'Form App',
				suggested_platforms: ['web', 'windows'],
				suggested_audience: [],
				pricing_url: null,
			},
		]);

		// The editor sees them as suggestions, with the command that records a confirmed one.
		const shown = await editor(['show', String(rows[0].id)], editorEnv(db));
		expect(shown.code).toBe(0);
		expect(shown.stdout).toMatch(/runs on\s+ios, android \(suggested\)/);
		expect(shown.stdout).toContain('https://crew-app.example.com/pricing (suggested)');
		expect(shown.stdout).toContain('facts <tool> set platforms=');
	}, 60_000);

	it.each([
		[{ platforms: 'ios,blackberry' }, 'platforms'],
		[{ audience: 'everyone' }, 'audience'],
		[{ pricing_url: 'javascript:alert(1)' }, 'pricing_url'],
	])('refuses %j with a 422 naming the field, and stores nothing', async (extra, field) => {
		const response = await submit({
			name: 'Bad App',
			url: 'https://bad-app.example.com',
			...extra,
		});
		expect(response.status).toBe(422);
		const body = await response.json();
		expect(Object.keys(body.error.fields)).toEqual([field]);
		expect(await stored()).toEqual([]);
	});
});
