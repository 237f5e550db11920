// How the editor reads database rows and errors, the same for both backends.
import { EditorError, type Submission, type ToolDraft, type ToolRecord } from './types.ts';

export type Row = Record<string, unknown>;

export function toSubmission(row: Row): Submission {
	return {
		id: Number(row.id),
		name: String(row.name),
		url: String(row.url),
		host: String(row.host ?? ''),
		status: row.status as Submission['status'],
		submitterEmail: (row.submitter_email as string | null) ?? null,
		reviewerNote: (row.reviewer_note as string | null) ?? null,
		reviewedAt: row.reviewed_at ? new Date(row.reviewed_at as string) : null,
		toolId: row.tool_id == null ? null : Number(row.tool_id),
		notifiedAt: row.notified_at ? new Date(row.notified_at as string) : null,
		notifyAttempts: Number(row.notify_attempts ?? 0),
		notifyError: (row.notify_error as string | null) ?? null,
		createdAt: new Date(row.created_at as string),
		worksWith: ((row.works_with_ids as unknown[] | null) ?? []).map(Number),
		suggestedPlatforms: (row.suggested_platforms as string[] | null) ?? [],
		suggestedAudience: (row.suggested_audience as string[] | null) ?? [],
		pricingUrl: (row.pricing_url as string | null) ?? null,
	};
}

export function toTool(row: Row): ToolRecord {
	return {
		id: Number(row.id),
		name: String(row.name),
		url: String(row.url),
		description: String(row.description ?? ''),
		category: String(row.category),
		status: row.status as ToolRecord['status'],
		publishedAt: row.published_at ? new Date(row.published_at as string) : null,
	};
}

/** The SQLSTATE codes the editor functions raise (supabase/migrations/*_editor_functions.sql). */
const EDITOR_SQLSTATES = {
	CTNFD: 'not_found',
	CTNPD: 'not_pending',
	CTDUP: 'duplicate_live',
} as const;

/** A database error (postgres.js or PostgREST, both carry the SQLSTATE as `code`) for the editor. */
export function editorErrorFrom(error: { code?: string; message: string }): Error {
	const code = EDITOR_SQLSTATES[error.code as keyof typeof EDITOR_SQLSTATES];
	return code ? new EditorError(code, error.message) : new Error(error.message);
}

/** The arguments of `approve_submission` (and its "with integrations" form) over Supabase RPC. */
export const approveArgs = (id: number, draft: ToolDraft, force: boolean) => ({
	p_id: id,
	p_name: draft.name,
	p_url: draft.url,
	p_description: draft.description,
	p_category: draft.category,
	p_force: force,
});
