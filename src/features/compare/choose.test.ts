import { describe, expect, it } from 'vitest';
import type { ToolFacts } from '../facts/facts.ts';
import { reasonsFor } from './choose.ts';

const fact = (...value: string[]) => ({
	value,
	detail: null,
	sources: [
		{
			url: 'https://vendor.example/',
			verifiedOn: '2026-12-02',
			value,
			quote: 'q',
			origin: 'read' as const,
		},
	],
});

describe('reasonsFor', () => {
	it('words each reason as a buyer would say it', () => {
		const mine: ToolFacts = {
			platforms: fact('web', 'on_premises'),
			pricing_model: fact('quote_only'),
			audience: fact('heavy_civil'),
		};
		const theirs: ToolFacts = {
			platforms: fact('web'),
			pricing_model: fact('per_user'),
			audience: fact('residential'),
		};
		expect(reasonsFor(mine, theirs, [], 'Other')).toEqual([
			'it is built for heavy civil',
			'you need it on an on-premises server',
			'you want to pay a quote for your company',
		]);
	});

	it('gives a capability one vendor states and the other says it lacks, never one unknown', () => {
		const mine: ToolFacts = { assemblies: fact('yes'), takeoff_3d: fact('yes') };
		const theirs: ToolFacts = { assemblies: fact('no') };
		expect(reasonsFor(mine, theirs, [], 'Other')).toEqual(['you need assemblies']);
		expect(reasonsFor(theirs, mine, [], 'Mine')).toEqual([]);
	});

	it('names partners only this tool has, and how many more', () => {
		expect(reasonsFor({}, {}, ['Procore', 'Sage 300 CRE', 'Viewpoint Vista'], 'Other', 5)).toEqual([
			'you use Procore, Sage 300 CRE, Viewpoint Vista or 2 more: a documented integration, none documented for Other',
		]);
	});
});
