// The open data files on the built site (dist/data/): they parse with a CSV library and a JSON
// Schema validator, hold the database's published rows row for row, and nothing unpublished.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
	FACT_COLUMNS,
	INTEGRATION_COLUMNS,
	TOOL_COLUMNS,
} from '../../src/features/open-data/files.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';

const base = inject('baseUrl');
const fixtures = inject('fixtureTools');
let sql: Sql;
let tools: ListedTool[];
let ids: number[];

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	({ tools } = await listedTools(sql, [fixtures.unusable.badScheme, fixtures.unusable.badHost]));
	ids = tools.map((tool) => Number(tool.id));
	return () => sql.end();
});

const file = (name: string) => readFile(path.join(distDir, 'data', name), 'utf8');

/** A CSV file read strictly: CRLF records, every row as long as the header. */
async function csv(name: string) {
	const text = await file(name);
	const rows: string[][] = parse(text, { bom: true, record_delimiter: '\r\n' });
	expect(text.endsWith('\r\n')).toBe(true);
	// No bare LF ends a record: every line break outside a quoted field is CRLF.
	expect(text.replace(/"(?:[^"]|"")*"/g, '').includes('\n')).toBe(
		text.replace(/"(?:[^"]|"")*"/g, '').includes('\r\n'),
	);
	expect(text.replace(/"(?:[^"]|"")*"/g, '').replaceAll('\r\n', '')).not.toContain('\n');
	const [header, ...body] = rows;
	for (const row of body) expect(row.length).toBe(header.length);
	return {
		header,
		body,
		records: body.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]]))),
	};
}

/** What a spreadsheet would show: the apostrophe the file adds before a formula-like text. */
const undefuse = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

describe('/data/tools.csv', () => {
	it('holds every live tool, row for row, in the catalogue order', async () => {
		const { header, records } = await csv('tools.csv');
		expect(header).toEqual(TOOL_COLUMNS.map((column) => column.name));
		const rows = await sql`select id::text, name, url, category, description, published_at
			from construction_apps where id = any(${ids})`;
		const byId = new Map(rows.map((row) => [row.id, row]));
		expect(records.map((record) => record.id)).toEqual(tools.map((tool) => tool.id));
		for (const record of records) {
			const row = byId.get(record.id)!;
			expect(undefuse(record.name)).toBe(row.name.trim());
			expect(record.category).toBe(row.category);
			expect(new URL(record.url).href).toBe(new URL(row.url).href);
			expect(record.page).toBe(`${base}/app/${record.id}/`);
			expect(record.published_at).toBe(
				row.published_at ? new Date(row.published_at).toISOString() : '',
			);
			expect(undefuse(record.description)).toBe(row.description?.trim() ?? '');
		}
	});

	it('defuses formula-like text and keeps text with commas, quotes and line breaks whole', async () => {
		const { records } = await csv('tools.csv');
		for (const record of records)
			for (const value of Object.values(record)) expect(value).not.toMatch(/^[=+\-@]/);
		const script = records.find((r) => r.name === fixtures.scriptInText.name)!;
		expect(script.description).toBe(fixtures.scriptInText.description);
	});
});

describe('/data/facts.csv', () => {
	it('holds every fact row of a live tool the database keeps, with its quote, date and origin', async () => {
		const { header, records } = await csv('facts.csv');
		expect(header).toEqual(FACT_COLUMNS.map((column) => column.name));
		const rows = await sql`select tool_id::text, fact, value, source_url, quote,
			to_char(verified_on, 'YYYY-MM-DD') as checked_on, origin
			from tool_facts where tool_id = any(${ids})`;
		const key = (r: Record<string, string>) => `${r.tool_id} ${r.fact} ${r.source}`;
		const fromDb = rows.map((row) =>
			[
				key({ tool_id: row.tool_id, fact: row.fact, source: new URL(row.source_url).href }),
				[...row.value].sort().join(';'),
				row.quote ?? '',
				row.checked_on,
				row.origin,
			].join(' | '),
		);
		const fromFile = records.map((r) =>
			// A set's values in the vocabulary's order in the file, in the table's in the database.
			[key(r), r.value.split(';').sort().join(';'), undefuse(r.quote), r.checked_on, r.origin].join(
				' | ',
			),
		);
		expect(fromFile.sort()).toEqual(fromDb.sort());
		expect(records.length).toBeGreaterThan(100);
	});
});

describe('/data/integrations.csv', () => {
	it('holds every connection between live tools, row for row', async () => {
		const { header, records } = await csv('integrations.csv');
		expect(header).toEqual(INTEGRATION_COLUMNS.map((column) => column.name));
		const rows = await sql`select tool_low_id::text as a, tool_high_id::text as b, via,
			coalesce(array_to_string(moves, ';'), '') as moves, coalesce(status, '') as status,
			source_url, to_char(verified_on, 'YYYY-MM-DD') as checked_on
			from tool_integrations where tool_low_id = any(${ids}) and tool_high_id = any(${ids})`;
		const line = (r: Record<string, string>) =>
			[r.a, r.b, r.via ?? '', r.moves, r.status, r.source, r.checked_on].join(' | ');
		expect(records.map((r) => line({ ...r, a: r.tool_a_id, b: r.tool_b_id })).sort()).toEqual(
			rows.map((r) => line({ ...r, source: new URL(r.source_url).href })).sort(),
		);
		expect(records.some((r) => r.status === 'retired')).toBe(true);
	});
});

describe('/data/tools.json', () => {
	it('is valid against its JSON Schema and holds the same tools and connections', async () => {
		const schema = JSON.parse(await file('tools.schema.json'));
		const data = JSON.parse(await file('tools.json'));
		const validate = new Ajv2020({ strict: true, validateFormats: false }).compile(schema);
		expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
		expect(data.$schema).toBe(`${base}/data/tools.schema.json`);
		expect(data.licence.name).toBe('CC BY 4.0');
		expect(data.tools.map((t: { id: number }) => String(t.id))).toEqual(tools.map((t) => t.id));
		const integrations = (await csv('integrations.csv')).records;
		expect(data.integrations).toHaveLength(integrations.length);
	});
});

describe('open data', () => {
	it('holds nothing unpublished: no unpublished tool, subscriber or submission', async () => {
		const [submission] = await sql`select name from new_app_submissions limit 1`;
		const [subscriber] = await sql`select email from newsletter_subscribers limit 1`;
		for (const name of ['tools.json', 'tools.csv', 'facts.csv', 'integrations.csv']) {
			const text = await file(name);
			expect(text, name).not.toContain(fixtures.unpublished);
			if (subscriber) expect(text, name).not.toContain(subscriber.email);
			if (submission?.name) expect(text, name).not.toContain(submission.name);
		}
	});

	it('/data/ explains every column of every file, the CSV rules and the licence', async () => {
		const page = await readPage('/data/');
		const text = page.querySelector('main')!.text;
		for (const column of [...TOOL_COLUMNS, ...FACT_COLUMNS, ...INTEGRATION_COLUMNS])
			expect(text).toContain(column.description);
		expect(text).toContain('CC BY 4.0');
		expect(text).toContain('RFC 4180');
		expect(text).toMatch(/starts\s+with =, \+, - or @/);
		for (const href of [
			'tools.json',
			'tools.schema.json',
			'tools.csv',
			'facts.csv',
			'integrations.csv',
		])
			expect(page.querySelector(`a[href="/data/${href}"]`), href).not.toBeNull();
	});
});
