import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { comparisonCsv, csvFileName } from './csv.ts';
import { factLayout, shownFact } from './files.server.ts';
import type { CompareTool } from './files.ts';
import { compareModel } from './model.ts';

const said = (value: string[], url: string) => ({
	value,
	detail: null,
	sources: [{ url, verifiedOn: '2026-12-02', value, quote: 'q', origin: 'read' as const }],
});

const tool = (
	id: number,
	name: string,
	facts: Record<string, ReturnType<typeof said>>,
): CompareTool => ({
	id,
	name,
	categorySlug: 'estimating',
	facts: Object.fromEntries(
		Object.entries(facts).map(([key, fact]) => [key, shownFact(key as never, fact)]),
	),
	partners: [],
});

describe('a comparison as CSV', () => {
	const a = tool(1, 'STACK', {
		assemblies: said(['yes'], 'https://help.stackct.com/assemblies'),
		pricing_model: said(['per_user'], 'https://stackct.com/pricing'),
	});
	const b = tool(2, '=ProEst', { assemblies: said(['no'], 'https://proest.com/help') });
	const comparison = compareModel([a, b], factLayout, false);
	const rows: string[][] = parse(comparisonCsv([a, b], comparison).replace(/^\uFEFF/, ''));

	it('has a row per row of the table, the value and its sources per tool', () => {
		expect(rows[0]).toEqual([
			'Section',
			'Row',
			'STACK',
			'STACK: source',
			"'=ProEst",
			"'=ProEst: source",
		]);
		const assemblies = rows.find((row) => row[1] === 'Assemblies')!;
		expect(assemblies[0]).toBe('What it does: Estimating & Takeoff');
		expect(assemblies.slice(2)).toEqual([
			'Yes',
			'https://help.stackct.com/assemblies (checked 2026-12-02)',
			'Not offered',
			'https://proest.com/help (checked 2026-12-02)',
		]);
		const pricing = rows.find((row) => row[1] === 'Pricing model')!;
		expect(pricing[4]).toBe('not documented yet');
	});

	it('lists the facts no tool documents, and names the file after the tools', () => {
		expect(
			rows.some((row) => row[0] === 'Not documented for any of them yet' && row[1] === 'SOC 2'),
		).toBe(true);
		expect(csvFileName([a, b])).toBe('stack-vs-proest.csv');
	});
});
