import { describe, expect, it } from 'vitest';
import { changeText, changeTitle, parseChanges } from './changes.ts';

const at = '2026-11-28T10:00:00.000Z';
const row = (id: number, kind: string, extra: Record<string, unknown> = {}) => ({
	id,
	changed_at: at,
	kind,
	tool_id: 1,
	tool_name: 'Procore',
	other_tool_id: null,
	other_tool_name: null,
	fact: null,
	value: null,
	previous_value: null,
	...extra,
});

describe('the change log', () => {
	it('says each change in words', () => {
		const [published, set, connection] = parseChanges([
			row(3, 'tool_published'),
			row(2, 'fact_set', { fact: 'platforms', value: ['web', 'android'] }),
			row(1, 'connection_added', { other_tool_id: 2, other_tool_name: 'Sage', value: ['budgets'] }),
		]);
		expect(changeTitle(published)).toBe('Procore: published in the directory');
		expect(changeText(set)).toBe('platforms documented: Web browser, Android');
		expect(changeText(connection)).toBe('connection with Sage added: moves budgets');
	});

	it('merges a fact replaced in one transaction into one change', () => {
		const changes = parseChanges([
			row(5, 'fact_set', { fact: 'pricing_model', value: ['per_project'] }),
			row(4, 'fact_removed', { fact: 'pricing_model', previous_value: ['per_user'] }),
			row(3, 'fact_removed', {
				fact: 'sso',
				previous_value: ['yes'],
				changed_at: '2026-11-27T10:00:00Z',
			}),
		]);
		expect(changes.map((c) => c.kind)).toEqual(['fact_changed', 'fact_removed']);
		expect(changeText(changes[0])).toBe('pricing model changed to Per project (was Per user)');
		expect(changeText(changes[1])).toBe('single sign\u2011on removed (was Yes)');
	});

	it('leaves out a row of a kind it does not know, or about a tool with no name', () => {
		expect(parseChanges([row(1, 'tool_renamed')])).toEqual([]);
		expect(parseChanges([row(2, 'tool_removed', { tool_id: null, tool_name: ' ' })])).toEqual([]);
	});
});
