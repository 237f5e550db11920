// An issue's changes (record 0023): a stored row as an Issue, and its HTML and text. Pure: no
// database (the draft's snapshot is in editor.test.ts).
import { describe, expect, it } from 'vitest';
import { changeText } from '../../src/features/changes/changes.ts';
import { parseIssue } from '../../src/features/newsletter/issue.ts';
import { renderIssue } from '../../src/features/newsletter/render.server.tsx';

const site = {
	siteName: 'ConTech Directory',
	siteUrl: 'https://directory.example.com',
	ref: 'contech-directory',
	logoTemplate: null,
};

const row = {
	number: 4,
	intro: '',
	tools: [],
	integrations: [],
	covers_from: '2026-11-20T00:00:00Z',
	covers_until: '2026-11-27T00:00:00Z',
	sent_at: null,
};

// As newsletter_draft stores them: newest first, a fact's replacement as its two rows.
const changes = [
	{
		id: 12,
		changed_at: '2026-11-26T10:00:00.123456+00:00',
		kind: 'fact_set',
		tool_id: 7,
		tool_name: 'Site Diary',
		other_tool_id: null,
		other_tool_name: null,
		fact: 'platforms',
		value: ['web', 'ios'],
		previous_value: null,
	},
	{
		id: 11,
		changed_at: '2026-11-26T10:00:00.123456+00:00',
		kind: 'fact_removed',
		tool_id: 7,
		tool_name: 'Site Diary',
		other_tool_id: null,
		other_tool_name: null,
		fact: 'platforms',
		value: null,
		previous_value: ['web'],
	},
	{
		id: 10,
		changed_at: '2026-11-25T09:00:00+00:00',
		kind: 'tool_removed',
		tool_id: null,
		tool_name: 'Gone Planner',
		other_tool_id: null,
		other_tool_name: null,
		fact: null,
		value: null,
		previous_value: null,
	},
];

describe('an issue’s changes', () => {
	it('parses an issue stored before changes were snapshot as having none', () => {
		const issue = parseIssue(row);
		expect(issue.changes).toEqual([]);
		expect(issue.changesMore).toBe(0);
		expect(parseIssue({ ...row, changes: null, changes_more: null }).changes).toEqual([]);
	});

	it('words the changes as /changes/ does, a replacement as one change', () => {
		const issue = parseIssue({ ...row, changes, changes_more: 3 });
		expect(issue.changes.map((c) => [c.id, c.kind])).toEqual([
			[12, 'fact_changed'],
			[10, 'tool_removed'],
		]);
		expect(issue.changesMore).toBe(3);
	});

	it('shows "What changed this week" in the HTML and text, linking live tools and the log', async () => {
		const issue = parseIssue({ ...row, changes, changes_more: 3 });
		const { html, text } = await renderIssue(issue, site);
		// The site's own words (changes.ts), as on /changes/.
		const changed = changeText(issue.changes[0]);
		expect(changed).toMatch(/^platforms changed to Web browser, .+ \(was Web browser\)$/);
		for (const body of [html, text]) {
			expect(body).toMatch(/What changed this week/i); // the text's headings are capitals
			expect(body).toContain(changed);
			expect(body).toContain('taken off the directory');
			expect(body).toContain('And 3 more changes.');
			expect(body).toContain('https://directory.example.com/changes/?ref=contech-directory');
			expect(body).toContain('https://directory.example.com/app/7/?ref=contech-directory');
		}
		// A removed tool has no page: its name, no link.
		expect(html).toMatch(/<strong>Gone Planner<\/strong>/);
	});

	it('shows no such section when the week changed nothing', async () => {
		const { html, text } = await renderIssue(parseIssue(row), site);
		expect(html).not.toMatch(/What changed/i);
		expect(text).not.toMatch(/What changed/i);
		expect(html).not.toContain('/changes/');
	});
});
