import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { editorErrorFrom, toSubmission, toTool } from './embedded-store.server.ts';
import { supabaseIntegrationEditorStore } from './integrations-store.server.ts';
import { EditorError, type EditorStore, type QueueEntry } from './types.ts';

type Row = Record<string, unknown>;

/** Rows of a select that returns many: an empty list rather than null. */
function list<T>(result: { data: T[] | null; error: PostgrestError | null }): T[] {
	return check(result) ?? [];
}

function check<T>({ data, error }: { data: T; error: PostgrestError | null }): T {
	if (error) throw editorErrorFrom(error.message);
	return data;
}

/** The editor's store on Supabase through supabase-js with the secret key. */
export function supabaseEditorStore(client: SupabaseClient): EditorStore {
	const submissions = () => client.from('new_app_submissions');
	const tools = () => client.from('construction_apps');
	const reviewPending = async (id: number, changes: Row) => {
		const rows = list(
			await submissions()
				.update({
					...changes,
					reviewed_at: new Date().toISOString(),
					updated_at: new Date().toISOString(),
				})
				.eq('id', id)
				.eq('status', 'pending')
				.select('id'),
		);
		if (rows.length) return;
		const row = check(await submissions().select('status').eq('id', id).maybeSingle());
		if (!row) throw new EditorError('not_found', `no submission with id ${id}`);
		throw new EditorError('not_pending', `submission ${id} is already ${row.status}`);
	};
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
			const args = {
				p_id: id,
				p_name: draft.name,
				p_url: draft.url,
				p_description: draft.description,
				p_category: draft.category,
				p_force: force,
			};
			return Number(check(await client.rpc('approve_submission', args)));
		},
		reject: (id, reason) => reviewPending(id, { status: 'rejected', reviewer_note: reason }),
		async markDuplicate(id, toolId) {
			if (!check(await tools().select('id').eq('id', toolId).maybeSingle()))
				throw new EditorError('not_found', `no tool with id ${toolId}`);
			await reviewPending(id, {
				status: 'duplicate',
				tool_id: toolId,
				reviewer_note: `duplicate of tool ${toolId}`,
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
		async updateTool(id, changes) {
			const rows = list(
				await tools()
					.update({ ...changes, updated_at: new Date().toISOString() })
					.eq('id', id)
					.select('id'),
			);
			if (!rows.length) throw new EditorError('not_found', `no tool with id ${id}`);
		},
		async setToolStatus(id, status) {
			const existing = check(await tools().select('published_at').eq('id', id).maybeSingle());
			if (!existing) throw new EditorError('not_found', `no tool with id ${id}`);
			const publishedAt =
				status === 'live'
					? (existing.published_at ?? new Date().toISOString())
					: existing.published_at;
			check(
				await tools()
					.update({ status, published_at: publishedAt, updated_at: new Date().toISOString() })
					.eq('id', id),
			);
		},
		async subscribers() {
			const rows = list(
				await client
					.from('newsletter_subscribers')
					.select('email, source, created_at')
					.order('created_at')
					.order('id'),
			);
			return rows.map((row) => ({
				email: row.email,
				source: row.source,
				subscribedAt: new Date(row.created_at),
			}));
		},
		async requestRebuild(reason) {
			check(await client.from('site_rebuilds').insert({ reason: reason.slice(0, 500) }));
		},
		async claimRebuilds() {
			const rows = list(
				await client
					.from('site_rebuilds')
					.update({ triggered_at: new Date().toISOString() })
					.is('triggered_at', null)
					.select('id, reason')
					.order('id'),
			);
			return {
				ids: rows.map((row) => Number(row.id)),
				reasons: rows.map((row) => String(row.reason)),
			};
		},
		async releaseRebuilds(ids, error) {
			check(
				await client
					.from('site_rebuilds')
					.update({ triggered_at: null, last_error: error.slice(0, 1000) })
					.in('id', ids),
			);
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
			const current = check(
				await submissions().select('notify_attempts').eq('id', id).maybeSingle(),
			);
			if (!current) return false;
			const rows = list(
				await submissions()
					.update({
						notified_at: new Date().toISOString(),
						notify_attempts: Number(current.notify_attempts) + 1,
						notify_error: null,
					})
					.eq('id', id)
					.is('notified_at', null)
					.select('id'),
			);
			return rows.length === 1;
		},
		async recordNotifyFailure(id, error) {
			check(
				await submissions()
					.update({ notified_at: null, notify_error: error.slice(0, 1000) })
					.eq('id', id),
			);
		},
		integrations: supabaseIntegrationEditorStore(client),
		close: async () => {},
	};
}
