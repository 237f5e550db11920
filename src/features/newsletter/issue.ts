import { z } from 'zod';
import { webAddress } from '../../lib/addresses.ts';
import { type Change, parseChanges } from '../changes/changes.ts';
import { plural } from '../../lib/text.ts';

// An issue as stored (newsletter_issues): the tools, integrations and changes are snapshots
// taken when it was drafted, so the preview, every message and the published page show the
// same thing. The changes are published_changes rows as they were (newest first); an issue
// drafted before they were snapshot has none.

const toolSchema = z.object({
	id: z.coerce.number(),
	name: z.string(),
	url: z.string(),
	category: z.string(),
	description: z
		.string()
		.nullish()
		.transform((value) => value ?? ''),
});

const integrationSchema = z.object({
	kind: z.string(),
	note: z
		.string()
		.nullish()
		.transform((value) => value ?? ''),
	a: z.object({ id: z.coerce.number(), name: z.string() }),
	b: z.object({ id: z.coerce.number(), name: z.string() }),
});

const issueSchema = z.object({
	number: z.coerce.number().int().positive(),
	intro: z.string(),
	tools: z.array(toolSchema),
	integrations: z.array(integrationSchema),
	changes: z
		.array(z.record(z.string(), z.unknown()))
		.nullish()
		.transform((value) => value ?? []),
	changes_more: z.coerce
		.number()
		.int()
		.nonnegative()
		.nullish()
		.transform((value) => value ?? 0),
	covers_from: z.coerce.date(),
	covers_until: z.coerce.date(),
	sent_at: z.coerce
		.date()
		.nullish()
		.transform((value) => value ?? null),
});

export type IssueTool = z.output<typeof toolSchema>;
export type IssueIntegration = z.output<typeof integrationSchema>;

export interface Issue {
	number: number;
	intro: string;
	tools: IssueTool[];
	integrations: IssueIntegration[];
	/** The week's changes to the published data, newest first, in the site's terms. */
	changes: Change[];
	/** How many more changes the week held than the issue shows (all on /changes/). */
	changesMore: number;
	coversFrom: Date;
	coversUntil: Date;
	/** When the send started; null while it is a draft. */
	sentAt: Date | null;
}

/** A newsletter_issues row (either backend) as an Issue; throws on a malformed row. */
export function parseIssue(row: unknown): Issue {
	const data = issueSchema.parse(row);
	return {
		number: data.number,
		intro: data.intro,
		// Like the build (catalogue.server.ts), leave out rows the site cannot show safely.
		tools: data.tools.filter((tool) => tool.name.trim() && webAddress(tool.url)),
		integrations: data.integrations,
		changes: parseChanges(data.changes),
		changesMore: data.changes_more,
		coversFrom: data.covers_from,
		coversUntil: data.covers_until,
		sentAt: data.sent_at,
	};
}

/** The subject line of an issue, from what it holds. */
export function issueSubject(issue: Issue, siteName: string): string {
	return `${siteName} weekly #${issue.number}: ${plural(issue.tools.length, 'new tool')}`;
}
