import type { Sql } from '../../lib/store/embedded.server.ts';
import { embeddedIntegrationEditorStore } from './integrations-store.server.ts';
import {
	EditorError,
	type EditorStore,
	type QueueEntry,
	type Submission,
	type ToolRecord,
} from './types.ts';

type Row = Record<string, unknown>;

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

/** Turns a database function's `code: message` exception into an EditorError. */
export function editorErrorFrom(message: string): Error {
	const match = /^(not_found|not_pending|duplicate_live): (.*)$/.exec(message);
	return match ? new EditorError(match[1] as 'not_found', match[2]) : new Error(message);
}

/** The editor's store on the embedded database, connected as its owner. */
export function embeddedEditorStore(sql: Sql): EditorStore {
	const reviewPending = async (id: number, update: () => Promise<Row[]>) => {
		if ((await update()).length) return;
		const [row] = await sql`select status from new_app_submissions where id = ${id}`;
		if (!row) throw new EditorError('not_found', `no submission with id ${id}`);
		throw new EditorError('not_pending', `submission ${id} is already ${row.status}`);
	};
	return {
		async pendingQueue() {
			const rows = await sql`
				select s.*,
					coalesce((select array_agg(t.id order by t.id) from construction_apps t where t.status = 'live' and t.host = s.host), '{}') as live_ids,
					coalesce((select array_agg(o.id order by o.id) from new_app_submissions o where o.status = 'pending' and o.host = s.host and o.id <> s.id), '{}') as pending_ids
				from new_app_submissions s where s.status = 'pending' order by s.created_at, s.id`;
			return rows.map((row): QueueEntry => ({
				...toSubmission(row),
				liveToolsWithHost: (row.live_ids as string[]).map(Number),
				pendingWithHost: (row.pending_ids as string[]).map(Number),
			}));
		},
		async submission(id) {
			const [row] = await sql`select * from new_app_submissions where id = ${id}`;
			return row ? toSubmission(row) : null;
		},
		async approve(id, draft, force) {
			try {
				const [row] =
					await sql`select public.approve_submission(${id}, ${draft.name}, ${draft.url}, ${draft.description}, ${draft.category}, ${force}) as tool_id`;
				return Number(row.tool_id);
			} catch (error) {
				throw editorErrorFrom((error as Error).message);
			}
		},
		reject: (id, reason) =>
			reviewPending(
				id,
				() =>
					sql`update new_app_submissions set status = 'rejected', reviewer_note = ${reason}, reviewed_at = now(), updated_at = now() where id = ${id} and status = 'pending' returning id`,
			),
		async markDuplicate(id, toolId) {
			const [tool] = await sql`select id from construction_apps where id = ${toolId}`;
			if (!tool) throw new EditorError('not_found', `no tool with id ${toolId}`);
			await reviewPending(
				id,
				() =>
					sql`update new_app_submissions set status = 'duplicate', tool_id = ${toolId}, reviewer_note = ${`duplicate of tool ${toolId}`}, reviewed_at = now(), updated_at = now() where id = ${id} and status = 'pending' returning id`,
			);
		},
		async tools(includeUnpublished) {
			const rows = includeUnpublished
				? await sql`select * from construction_apps order by name_sort, id`
				: await sql`select * from construction_apps where status = 'live' order by name_sort, id`;
			return rows.map(toTool);
		},
		async tool(id) {
			const [row] = await sql`select * from construction_apps where id = ${id}`;
			return row ? toTool(row) : null;
		},
		async updateTool(id, changes) {
			const rows =
				await sql`update construction_apps set ${sql(changes as Record<string, string>)}, updated_at = now() where id = ${id} returning id`;
			if (!rows.length) throw new EditorError('not_found', `no tool with id ${id}`);
		},
		async setToolStatus(id, status) {
			const rows = await sql`update construction_apps set status = ${status}, updated_at = now(),
				published_at = case when ${status} = 'live' then coalesce(published_at, now()) else published_at end
				where id = ${id} returning id`;
			if (!rows.length) throw new EditorError('not_found', `no tool with id ${id}`);
		},
		async subscribers() {
			const rows =
				await sql`select email, source, created_at from newsletter_subscribers order by created_at, id`;
			return rows.map((row) => ({
				email: row.email,
				source: row.source,
				subscribedAt: new Date(row.created_at),
			}));
		},
		async requestRebuild(reason) {
			await sql`insert into site_rebuilds (reason) values (${reason.slice(0, 500)})`;
		},
		async claimRebuilds() {
			const rows =
				await sql`update site_rebuilds set triggered_at = now() where triggered_at is null returning id, reason, requested_at`;
			rows.sort((a, b) => Number(a.id) - Number(b.id));
			return {
				ids: rows.map((row) => Number(row.id)),
				reasons: rows.map((row) => String(row.reason)),
			};
		},
		async releaseRebuilds(ids, error) {
			await sql`update site_rebuilds set triggered_at = null, last_error = ${error.slice(0, 1000)} where id = any(${ids})`;
		},
		async unnotified() {
			const rows =
				await sql`select * from new_app_submissions where status = 'approved' and submitter_email is not null and notified_at is null order by id`;
			return rows.map(toSubmission);
		},
		async claimNotification(id) {
			const rows =
				await sql`update new_app_submissions set notified_at = now(), notify_attempts = notify_attempts + 1, notify_error = null
				where id = ${id} and notified_at is null returning id`;
			return rows.length === 1;
		},
		async recordNotifyFailure(id, error) {
			await sql`update new_app_submissions set notified_at = null, notify_error = ${error.slice(0, 1000)} where id = ${id}`;
		},
		integrations: embeddedIntegrationEditorStore(sql),
		close: () => sql.end({ timeout: 5 }),
	};
}
