import { describe, expect, it } from 'vitest';
import { capabilityFilterGroups, capabilityLists, capabilityTokens } from './capability-lists.ts';
import type { Fact, ToolFacts } from './facts.ts';

const said = (value: string): Fact => ({
	value: [value],
	detail: null,
	sources: [
		{
			url: 'https://v.example/',
			verifiedOn: '2026-12-02',
			value: [value],
			quote: 'q',
			origin: 'read',
		},
	],
});

describe('capabilityLists', () => {
	const tools = [
		{ id: 1, category: 'estimating' as const },
		{ id: 2, category: 'estimating' as const },
		{ id: 3, category: 'project-management' as const },
		{ id: 4, category: 'project-management' as const },
	];
	const facts = new Map<number, ToolFacts>([
		[1, { assemblies: said('yes') }],
		[2, { assemblies: said('no') }],
		// Also does estimating, on its vendor's page: listed beside the category's own.
		[3, { assemblies: said('yes'), also_does: { ...said('estimating') } }],
		// Says it has assemblies but does not do estimating: not an estimating tool.
		[4, { assemblies: said('yes') }],
	]);

	it('lists the tools of the category, and those that also do its job, stated to offer it', () => {
		const lists = capabilityLists('estimating', tools, facts);
		const assemblies = lists.find((list) => list.capability === 'assemblies')!;
		expect(assemblies.tools.map((tool) => tool.id)).toEqual([1, 3]);
	});

	it('never lists an unknown or a "not offered"', () => {
		const lists = capabilityLists('estimating', tools, facts);
		expect(lists.find((list) => list.capability === 'takeoff_2d')!.tools).toEqual([]);
		expect(lists.flatMap((list) => list.tools).map((tool) => tool.id)).not.toContain(2);
	});

	it('gives the map a token for each capability stated, never for one stated as not offered', () => {
		expect(capabilityTokens(facts.get(1))).toEqual(['does:assemblies']);
		expect(capabilityTokens(facts.get(2))).toEqual([]);
		expect(capabilityTokens(undefined)).toEqual([]);
	});

	it('offers each capability some tool states once, under the first category listing it', () => {
		const groups = capabilityFilterGroups(['estimating', 'project-management'], tools, facts);
		expect(groups.map((group) => group.slug)).toEqual(['estimating']);
		expect(groups[0].options.map((option) => option.capability)).toEqual(['assemblies']);
	});
});
