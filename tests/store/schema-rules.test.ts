// Rules the database and the code both hold, checked against each other so they cannot drift,
// and the URL functions every duplicate rule rests on, called directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../src/lib/categories.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;

beforeAll(async () => {
	db = await startTestDb();
});
afterAll(() => db?.stop());

describe('categories', () => {
	it('the CHECK constraint on construction_apps.category allows exactly CATEGORY_SLUGS', async () => {
		const constraints = await db.sql`
			select pg_get_constraintdef(c.oid) as definition
			from pg_constraint c
			join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
			where c.conrelid = 'public.construction_apps'::regclass and c.contype = 'c'
				and a.attname = 'category'`;
		expect(constraints).toHaveLength(1);
		const allowed = [...String(constraints[0].definition).matchAll(/'([^']+)'::text/g)].map(
			(match) => match[1],
		);
		expect(allowed.toSorted()).toEqual([...CATEGORY_SLUGS].toSorted());
	});
});

describe('tool_url_key and tool_host', () => {
	it.each([
		['https://www.Procore.com/', 'procore.com'],
		['http://procore.com', 'procore.com'],
		['https://procore.com/Pricing/#plans', 'procore.com/pricing'],
		['https://procore.com/?utm_source=x&utm_medium=y', 'procore.com'],
		['https://procore.com/en?ref=abc&lang=de', 'procore.com/en?lang=de'],
		['https://procore.com/en?lang=de&fbclid=1&gclid=2', 'procore.com/en?lang=de'],
		['https://procore.com/a//', 'procore.com/a'],
		['https://www2.procore.com', 'www2.procore.com'],
		['https://wwwprocore.com', 'wwwprocore.com'],
		['https://app.procore.com:8443/x', 'app.procore.com:8443/x'],
		['https://procore.com?source=nl', 'procore.com'],
		['https://procore.com/en?referrer=x', 'procore.com/en?referrer=x'],
		['https://procore.com/en?sources=all&ref', 'procore.com/en?sources=all'],
		['https://procore.com/en?a=1&utm_source=x&b=2', 'procore.com/en?a=1&b=2'],
	])('tool_url_key(%s) = %s', async (url, key) => {
		const [row] = await db.sql`select public.tool_url_key(${url}) as key`;
		expect(row.key).toBe(key);
	});

	it.each([
		['https://www.Procore.com/pricing?x=1', 'procore.com'],
		['https://procore.com?utm_source=x', 'procore.com'],
		['https://app.procore.com:8443/x', 'app.procore.com:8443'],
	])('tool_host(%s) = %s, the value of the host columns', async (url, host) => {
		const [row] = await db.sql`select public.tool_host(${url}) as host`;
		expect(row.host).toBe(host);
		await db.sql`insert into new_app_submissions (name, url) values ('Host check', ${url})`;
		const [stored] =
			await db.sql`select host from new_app_submissions where url = ${url} order by id desc limit 1`;
		expect(stored.host).toBe(host);
	});
});

describe('one approval per host', () => {
	it('the database refuses a second live tool claiming a host, whatever the caller checked', async () => {
		const insert = (name: string, url: string) =>
			db.sql`insert into construction_apps (name, url, description, category, status, claims_host)
				values (${name}, ${url}, 'd', 'workforce', 'live', true)`;
		await insert('Mu One', 'https://mu-claim.example.com/one');
		await expect(insert('Mu Two', 'https://www.mu-claim.example.com/two')).rejects.toMatchObject({
			code: '23505',
		});
		// Tools that do not claim the host (the sample catalogue, --force) still share it.
		await db.sql`insert into construction_apps (name, url, description, category, status)
			values ('Mu Forced', 'https://mu-claim.example.com/three', 'd', 'workforce', 'live')`;
	});
});
