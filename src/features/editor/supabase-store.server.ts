import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { supabaseCorrectionEditorStore } from './corrections-store.server.ts';
import { supabaseFactEditorStore } from './facts-store.server.ts';
import { supabaseIntegrationEditorStore } from './integrations-store.server.ts';
import { approveArgs, editorErrorFrom, toSubmission, toTool } from './rows.ts';
import type { EditorStore, QueueEntry } from './types.ts';

/** Rows of a select that returns many: an empty list rather than null. */
function list<T>(result: { data: T[] | null; error: PostgrestError | null }): T[] {
	return check(result) ?? [];
}

function check<T>({ data, error }: { data: T; error: PostgrestError | null }): T {
	if (error) throw editorErrorFrom(error);
	return data;
}

/** The editor's store on Supabase through supabase-js with the secret key. */
export function supabaseEditorStore(client: SupabaseClient): EditorStore {
	const submissions = () => client.from('new_app_submissions');
	const tools = () => client.from('construction_apps');
	const rpc = async (name: string, args: Record<string, unknown>) =>
		check(await client.rpc(name, args));
	return {
		async pendingQueue() {
			const pending = list(
				await submissions().select('*').eq('status', 'pending').order('created_at').order('id'),
			).map(toSubmission);
			const hosts = [...new Set(pending.map((entry) => entry.host))];
			const live = hosts.length
				? list(await tools().select('id, host').eq('status', 'live').in('host', hosts).order('id'))
				: [];
			return pending.map((entry): QueueEntry => ({
				...entry,
				liveToolsWithHost: live
					.filter((tool) => tool.host === entry.host)
					.map((tool) => Number(tool.id)),
				pendingWithHost: pending
					.filter((other) => other.host === entry.host && other.id !== entry.id)
					.map((other) => other.id),
			}));
		},
		async submission(id) {
			const row = check(await submissions().select('*').eq('id', id).maybeSingle());
			return row ? toSubmission(row) : null;
		},
		async approve(id, draft, force) {
			return Number(await rpc('approve_submission', approveArgs(id, draft, force)));
		},
		async reject(id, reason) {
			await rpc('review_submission', {
				p_id: id,
				p_status: 'rejected',
				p_note: reason,
				p_tool_id: null,
			});
		},
		async markDuplicate(id, toolId) {
			await rpc('review_submission', {
				p_id: id,
				p_status: 'duplicate',
				p_note: `duplicate of tool ${toolId}`,
				p_tool_id: toolId,
			});
		},
		async tools(includeUnpublished) {
			const query = tools().select('*').order('name_sort').order('id');
			return list(await (includeUnpublished ? query : query.eq('status', 'live'))).map(toTool);
		},
		async tool(id) {
			const row = check(await tools().select('*').eq('id', id).maybeSingle());
			return row ? toTool(row) : null;
		},
		async updateTool(id, { name, url, description, category }) {
			await rpc('update_tool', {
				p_id: id,
				p_name: name ?? null,
				p_url: url ?? null,
				p_description: description ?? null,
				p_category: category ?? null,
			});
		},
		async setToolStatus(id, status) {
			await rpc('set_tool_status', { p_id: id, p_status: status });
		},
		async requestRebuild(reason) {
			check(await client.from('site_rebuilds').insert({ reason: reason.slice(0, 500) }));
		},
		async claimRebuilds(leaseSeconds) {
			const rows = ((await rpc('claim_rebuilds', { p_lease_seconds: leaseSeconds })) ?? []) as {
				id: number;
				reason: string;
			}[];
			rows.sort((x, y) => Number(x.id) - Number(y.id));
			return { ids: rows.map((row) => Number(row.id)), reasons: rows.map((row) => row.reason) };
		},
		async finishRebuilds(ids) {
			await rpc('finish_rebuilds', { p_ids: ids, p_error: null });
		},
		async releaseRebuilds(ids, error) {
			await rpc('finish_rebuilds', { p_ids: ids, p_error: error });
		},
		async unnotified() {
			const rows = list(
				await submissions()
					.select('*')
					.eq('status', 'approved')
					.not('submitter_email', 'is', null)
					.is('notified_at', null)
					.order('id'),
			);
			return rows.map(toSubmission);
		},
		async claimNotification(id) {
			return (await rpc('claim_notification', { p_id: id })) === true;
		},
		async recordNotifyFailure(id, error, claimed) {
			await rpc('record_notify_failure', { p_id: id, p_error: error, p_claimed: claimed });
		},
		integrations: supabaseIntegrationEditorStore(client),
		facts: supabaseFactEditorStore(client),
		corrections: supabaseCorrectionEditorStore(client),
		close: async () => {},
	};
}
