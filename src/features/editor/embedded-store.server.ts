import type { Sql } from '../../lib/store/embedded.server.ts';
import { embeddedCorrectionEditorStore } from './corrections-store.server.ts';
import { embeddedFactEditorStore } from './facts-store.server.ts';
import { embeddedIntegrationEditorStore } from './integrations-store.server.ts';
import { editorErrorFrom, type Row, toSubmission, toTool } from './rows.ts';
import type { EditorStore, QueueEntry } from './types.ts';

/**
 * The editor's store on the embedded database, connected as its owner. Every change is a
 * database function (supabase/migrations/*_editor_functions.sql), as on Supabase.
 */
export function embeddedEditorStore(sql: Sql): EditorStore {
	const call = async (run: () => Promise<Row[]>) => {
		try {
			return await run();
		} catch (error) {
			throw editorErrorFrom(error as { code?: string; message: string });
		}
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
			const [row] = await call(
				() =>
					sql`select public.approve_submission(${id}, ${draft.name}, ${draft.url}, ${draft.description}, ${draft.category}, ${force}) as tool_id`,
			);
			return Number(row.tool_id);
		},
		async reject(id, reason) {
			await call(() => sql`select public.review_submission(${id}, 'rejected', ${reason}, null)`);
		},
		async markDuplicate(id, toolId) {
			await call(
				() =>
					sql`select public.review_submission(${id}, 'duplicate', ${`duplicate of tool ${toolId}`}, ${toolId})`,
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
		async updateTool(id, { name, url, description, category }) {
			await call(
				() =>
					sql`select public.update_tool(${id}, ${name ?? null}, ${url ?? null}, ${description ?? null}, ${category ?? null})`,
			);
		},
		async setToolStatus(id, status) {
			await call(() => sql`select public.set_tool_status(${id}, ${status})`);
		},
		async requestRebuild(reason) {
			await sql`insert into site_rebuilds (reason) values (${reason.slice(0, 500)})`;
		},
		async claimRebuilds(leaseSeconds) {
			const rows = await sql`select * from public.claim_rebuilds(${leaseSeconds}) order by id`;
			return { ids: rows.map((row) => Number(row.id)), reasons: rows.map((row) => row.reason) };
		},
		async finishRebuilds(ids) {
			await sql`select public.finish_rebuilds(${ids}::bigint[], null)`;
		},
		async releaseRebuilds(ids, error) {
			await sql`select public.finish_rebuilds(${ids}::bigint[], ${error})`;
		},
		async unnotified() {
			const rows =
				await sql`select * from new_app_submissions where status = 'approved' and submitter_email is not null and notified_at is null order by id`;
			return rows.map(toSubmission);
		},
		async claimNotification(id) {
			const [row] = await sql`select public.claim_notification(${id}) as claimed`;
			return row.claimed === true;
		},
		async recordNotifyFailure(id, error, claimed) {
			await sql`select public.record_notify_failure(${id}, ${error}, ${claimed})`;
		},
		integrations: embeddedIntegrationEditorStore(sql),
		facts: embeddedFactEditorStore(sql),
		corrections: embeddedCorrectionEditorStore(sql),
		close: () => sql.end({ timeout: 5 }),
	};
}
