// Inputs the mail system or a reader would be fooled by: e-mail local parts with misplaced
// dots, tool names with markup or invisible characters. The functions refuse them with a
// clear 422 and store nothing; the database's own checks refuse the same names and URLs.
import { describe, expect, it } from 'vitest';
import { urlField } from '../../src/features/forms/fields.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { formsTestDb, nextIp, postJson, subscribeHandler, testDeps } from './harness.ts';

const db = formsTestDb();
const count = async (table: 'newsletter_subscribers' | 'new_app_submissions') =>
	(await db.sql`select count(*)::int as n from ${db.sql(table)}`)[0].n as number;

const subscribe = (email: string) =>
	subscribeHandler(db.sql)(postJson('/.netlify/functions/subscribe', { email }), {
		ip: nextIp(),
	});
const submit = (name: string, url = 'https://input-rules.example.com') =>
	createSubmitHandler(testDeps(db.sql))(postJson('/.netlify/functions/submit', { name, url }), {
		ip: nextIp(),
	});

describe('e-mail addresses a mail server would reject', () => {
	it.each(['.jane@example.com', 'jane.@example.com', 'ja..ne@example.com', 'a...b@example.com'])(
		'refuses %j with a field error and stores nothing',
		async (email) => {
			const response = await subscribe(email);
			expect(response.status).toBe(422);
			const { error } = await response.json();
			expect(error.code).toBe('invalid_field');
			expect(error.fields.email).toMatch(/cannot receive mail/);
			expect(await count('newsletter_subscribers')).toBe(0);
		},
	);

	it.each(['jane.doe@example.com', 'j.a.n.e@example.com', "o'neil+news@example.co.uk"])(
		'accepts %j',
		async (email) => expect((await subscribe(email)).status).toBe(200),
	);
});

const badNames: [string, string][] = [
	['markup', '<b>Procore</b>'],
	['a lone >', 'Procore > Others'],
	['a right-to-left override', 'Procore\u202Eerocorp'],
	['a left-to-right isolate', 'Procore\u2066x\u2069'],
	['a right-to-left mark', 'Procore\u200F'],
	['a zero-width space', 'Pro\u200Bcore'],
	['a zero-width joiner', 'Pro\u200Dcore'],
	['a byte-order mark inside', 'Pro\uFEFFcore'],
	['a C1 control (NEL)', 'Procore\u0085'],
	['a C1 control (CSI)', 'Procore\u009B31m'],
	['a C0 control', 'Procore\u0007'],
];

describe('tool names', () => {
	it.each(badNames)('refuses a name with %s and stores nothing', async (_, name) => {
		const response = await submit(name);
		expect(response.status).toBe(422);
		const { error } = await response.json();
		expect(error.fields.name).toMatch(/characters that are not allowed/);
		expect(await count('new_app_submissions')).toBe(0);
	});

	it.each(['Büro & Co (Beta)', 'C++ Estimator', "O'Neil Field", 'Élan/BIM *Plus', '工地管理'])(
		'accepts %j',
		async (name) => expect((await submit(name)).status).toBe(200),
	);

	it.each(badNames)('the database refuses a name with %s too', async (_, name) => {
		await expect(
			db.sql`insert into new_app_submissions (name, url) values (${name}, 'https://x.example.com')`,
		).rejects.toMatchObject({ constraint_name: 'new_app_submissions_name_characters_check' });
		await expect(
			db.sql`insert into construction_apps (name, url, category)
				values (${name}, 'https://x.example.com', 'workforce')`,
		).rejects.toMatchObject({ constraint_name: 'construction_apps_name_characters_check' });
	});
});

describe("the database's URL check matches the functions'", () => {
	const storedForm = (raw: string) => {
		const parsed = urlField.safeParse(raw);
		return parsed.success ? parsed.data : undefined;
	};
	const accepts = async (url: string) => {
		try {
			await db.sql`insert into new_app_submissions (name, url) values ('URL check', ${url})`;
			return true;
		} catch {
			return false;
		} finally {
			await db.sql`delete from new_app_submissions`;
		}
	};

	it.each([
		'https://procore.com',
		'procore.com/pricing?plan=pro#top',
		'http://www.buildertrend.com:8080/@team',
		'https://xn--bcher-kva.example/Path',
		'https://a-b.c-d.example.co.uk/a/b/c',
	])('stores %j as the functions canonicalise it', async (raw) => {
		const stored = storedForm(raw);
		expect(stored).toBeDefined();
		expect(await accepts(stored!)).toBe(true);
	});

	it.each([
		'https://user:pass@procore.com',
		'https://user@procore.com',
		'https://127.0.0.1/',
		'https://localhost/',
		'https://[::1]/',
		'https://procore/',
		'https://procore.com/a b',
		'https://procore.com/\u0007',
		'javascript:alert(1)',
		'ftp://procore.com',
		'https://-procore.com',
	])('refuses %j, as the functions do', async (url) => {
		expect(storedForm(url)).toBeUndefined();
		expect(await accepts(url)).toBe(false);
	});
});
