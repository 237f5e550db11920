// The submit function's optional "Works with" field, Request in and Response out, on a real
// embedded database: only live tools, at most 10, kept with the pending submission.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { nextIp, postForm, postJson, testDeps } from '../functions/harness.ts';

const PATH = '/.netlify/functions/submit';
let db: TestDb;
let handle: ReturnType<typeof createSubmitHandler>;
let ids: { alpha: number; beta: number };
const submit = (body: Record<string, string>) => handle(postJson(PATH, body), { ip: nextIp() });
const stored = async () =>
	(await db.sql`select name, works_with_ids from new_app_submissions order by id`).map((row) => ({
		name: row.name,
		worksWith: (row.works_with_ids as string[]).map(Number),
	}));

beforeAll(async () => {
	db = await startTestDb();
	handle = createSubmitHandler(testDeps(db.sql));
	const rows =
		await db.sql`insert into construction_apps (name, description, url, category, status) values
		('Alpha Platform', 'a', 'https://alpha-platform.example.com', 'project-management', 'live'),
		('Beta Books', 'b', 'https://beta-books.example.com', 'financials', 'live'),
		('Gamma Hidden', 'g', 'https://gamma-hidden.example.com', 'workforce', 'unpublished')
		returning id`;
	ids = { alpha: Number(rows[0].id), beta: Number(rows[1].id) };
});
afterAll(() => db?.stop());
beforeEach(() => db.sql`delete from new_app_submissions`);

describe('submit with "Works with"', () => {
	it('keeps live tools named in any letter case or by id, once each', async () => {
		const response = await submit({
			name: 'New Tool',
			url: 'https://new-tool.example.com',
			works_with: `alpha platform, ${ids.beta};Alpha Platform`,
		});
		expect(response.status).toBe(200);
		expect(await stored()).toEqual([{ name: 'New Tool', worksWith: [ids.alpha, ids.beta] }]);
	});

	it('works as a plain form post, and an empty field means no suggestions', async () => {
		const form = await handle(
			postForm(PATH, { name: 'Form Tool', url: 'form-tool.example.com', works_with: 'Beta Books' }),
			{ ip: nextIp() },
		);
		expect(form.status).toBe(303);
		const empty = await submit({
			name: 'Quiet Tool',
			url: 'https://quiet.example.com',
			works_with: ' , ',
		});
		expect(empty.status).toBe(200);
		expect(await stored()).toEqual([
			{ name: 'Form Tool', worksWith: [ids.beta] },
			{ name: 'Quiet Tool', worksWith: [] },
		]);
	});

	it('refuses tools that are not listed (or not live), naming them, and stores nothing', async () => {
		const response = await submit({
			name: 'Unknown Partner Tool',
			url: 'https://unknown-partner.example.com',
			works_with: 'Alpha Platform, Gamma Hidden, Nowhere Soft',
		});
		expect(response.status).toBe(422);
		const body = await response.json();
		expect(body.error.code).toBe('invalid_field');
		expect(body.error.fields.works_with).toMatch(/"Gamma Hidden", "Nowhere Soft"/);
		expect(body.error.fields.works_with).not.toMatch(/Alpha/);
		expect(await stored()).toEqual([]);
	});

	it('refuses more than 10 tools, over-long names and non-text values', async () => {
		const eleven = Array.from({ length: 11 }, (_, i) => `Tool ${i}`).join(',');
		for (const works_with of [eleven, 'n'.repeat(101), 'x'.repeat(1101)]) {
			const response = await submit({
				name: 'Too Many',
				url: 'https://too-many.example.com',
				works_with,
			});
			expect(response.status).toBe(422);
			expect((await response.json()).error.fields.works_with).toBeTruthy();
		}
		const numeric = await handle(
			postJson(PATH, { name: 'Numeric', url: 'https://numeric.example.com', works_with: 5 }),
			{ ip: nextIp() },
		);
		expect(numeric.status).toBe(422);
		expect(await stored()).toEqual([]);
	});

	it('still answers "already listed" for a live URL, suggestions or not', async () => {
		const response = await submit({
			name: 'Alpha again',
			url: 'https://alpha-platform.example.com',
			works_with: 'Beta Books',
		});
		expect(response.status).toBe(409);
		expect(await stored()).toEqual([]);
	});
});
