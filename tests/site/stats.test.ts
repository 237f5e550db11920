// /stats/ against the database: every table beside a chart holds what SQL counts over the
// published data (live tools the build lists, connections between them that count).
import type { HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FACTS } from '../../src/features/facts/vocabulary.ts';
import { CATEGORIES } from '../../src/lib/categories.ts';
import { connectEmbedded, type Sql } from '../../src/lib/store/embedded.server.ts';
import { readPage } from '../helpers/dist.ts';
import { type ListedTool, listedTools } from '../helpers/facts.ts';

const fixtures = inject('fixtureTools');
let sql: Sql;
let tools: ListedTool[];
let ids: number[];
let page: HTMLElement;

beforeAll(async () => {
	sql = connectEmbedded(inject('dbUrl'));
	({ tools } = await listedTools(sql, [fixtures.unusable.badScheme, fixtures.unusable.badHost]));
	ids = tools.map((tool) => Number(tool.id));
	page = await readPage('/stats/');
	return () => sql.end();
});

/** A chart's table as label → number. */
const table = (id: string) =>
	new Map(
		page
			.querySelectorAll(`figure[aria-labelledby="${id}-title"] tbody tr`)
			.map((row) => [row.querySelector('th')!.text.trim(), Number(row.querySelector('td')!.text)]),
	);
const note = (id: string) =>
	page
		.querySelector(`figure[aria-labelledby="${id}-title"] .bar-chart__note`)
		?.text.replace(/\s+/g, ' ');

describe('/stats/', () => {
	it('counts tools by category as the table holds them', async () => {
		const rows = await sql`select category, count(*)::int as n from construction_apps
			where id = any(${ids}) group by category`;
		const byCategory = table('by-category');
		for (const [slug, { label }] of CATEGORIES)
			expect(byCategory.get(label), slug).toBe(rows.find((r) => r.category === slug)?.n ?? 0);
		expect([...table('by-phase').values()].reduce((a, b) => a + b, 0)).toBe(tools.length);
	});

	it('counts platforms over the tools they are documented for, and says how many that is', async () => {
		const [{ documented }] = await sql`select count(distinct tool_id)::int as documented
			from tool_facts where fact = 'platforms' and tool_id = any(${ids})`;
		expect(note('by-platform')).toContain(`Documented for ${documented} of ${tools.length} tools`);
		const [{ android }] = await sql`select count(distinct tool_id)::int as android from tool_facts
			where fact = 'platforms' and 'android' = any(value) and tool_id = any(${ids})`;
		expect(table('by-platform').get('Android')).toBe(android);
		// The unpublished tool's Android never counts.
		expect(android).toBeGreaterThan(0);
	});

	it('says how complete each fact is, fact by fact', async () => {
		const rows = await sql`select fact, count(distinct tool_id)::int as n from tool_facts
			where tool_id = any(${ids}) group by fact`;
		const completeness = table('completeness');
		expect(completeness.get('Platforms')).toBe(rows.find((r) => r.fact === 'platforms')!.n);
		expect(completeness.get('Built for')).toBe(rows.find((r) => r.fact === 'audience')!.n);
		expect(completeness.get(FACTS.sso.label)).toBe(rows.find((r) => r.fact === 'sso')?.n ?? 0);
	});

	it('counts connections between listed tools that count, by how they are made', async () => {
		const rows = await sql`select via, count(*)::int as n from tool_integrations
			where tool_low_id = any(${ids}) and tool_high_id = any(${ids})
			and status is distinct from 'retired' group by via`;
		const total = rows.reduce((sum, r) => sum + r.n, 0);
		const known = rows.filter((r) => r.via !== null).reduce((sum, r) => sum + r.n, 0);
		expect(note('by-via')).toContain(`Documented for ${known} of ${total} connections`);
		expect(table('by-via').get('Built in')).toBe(rows.find((r) => r.via === 'built_in')?.n ?? 0);
		expect(table('by-via').get('Middleware')).toBe(
			rows.find((r) => r.via === 'middleware')?.n ?? 0,
		);
	});

	it('ranks the most connected tools first', async () => {
		const rows = await sql`select id, count(*)::int as n from (
			select tool_low_id as id from tool_integrations where tool_low_id = any(${ids})
				and tool_high_id = any(${ids}) and status is distinct from 'retired'
			union all
			select tool_high_id from tool_integrations where tool_low_id = any(${ids})
				and tool_high_id = any(${ids}) and status is distinct from 'retired') ends
			group by id order by n desc limit 1`;
		const [first] = table('most-connected');
		expect(first[0]).toBe(tools.find((tool) => Number(tool.id) === Number(rows[0].id))!.name);
		expect(first[1]).toBe(rows[0].n);
	});

	it('counts tools published per month, every month from the first', async () => {
		const rows = await sql`select to_char(published_at at time zone 'UTC', 'YYYY-MM') as month,
			count(*)::int as n from construction_apps where id = any(${ids}) and published_at is not null
			group by 1 order by 1`;
		const published = table('published');
		expect([...published.values()].reduce((a, b) => a + b, 0)).toBe(
			rows.reduce((sum, r) => sum + r.n, 0),
		);
		const last = rows.at(-1)!;
		const label = new Date(`${last.month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
			month: 'short',
			year: 'numeric',
			timeZone: 'UTC',
		});
		expect(published.get(label)).toBe(last.n);
	});

	it('counts fact readings and connection checks by the month of their date', async () => {
		const [{ readings }] = await sql`select count(*)::int as readings from tool_facts
			where tool_id = any(${ids})`;
		expect([...table('facts-verified').values()].reduce((a, b) => a + b, 0)).toBe(readings);
	});

	it('draws each chart as static SVG beside its table, with no script', () => {
		const figures = page.querySelectorAll('figure.bar-chart');
		expect(figures.length).toBe(12);
		for (const figure of figures) {
			expect(figure.querySelector('svg')).not.toBeNull();
			expect(figure.querySelector('table caption')).not.toBeNull();
		}
		expect(page.querySelectorAll('script:not([type="application/ld+json"])')).toEqual([]);
	});
});
