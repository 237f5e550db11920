import { z } from 'zod';
import { safeHttpUrl } from '../../lib/tool-url.ts';

// An issue as stored (newsletter_issues): the tools and integrations are snapshots taken when
// it was drafted, so the preview, every message and the published page show the same thing.

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
		tools: data.tools.filter((tool) => tool.name.trim() && safeHttpUrl(tool.url)),
		integrations: data.integrations,
		coversFrom: data.covers_from,
		coversUntil: data.covers_until,
		sentAt: data.sent_at,
	};
}

/** The subject line of an issue, from what it holds. */
export function issueSubject(issue: Issue, siteName: string): string {
	const count = issue.tools.length;
	const tools = count === 1 ? '1 new tool' : `${count} new tools`;
	return `${siteName} weekly #${issue.number}: ${tools}`;
}
