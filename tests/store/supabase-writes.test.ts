// Supabase backends for the functions and the editor (link checks included): the requests
// supabase-js sends with the secret key, checked through a fetch double.
import { describe, expect, it } from 'vitest';
import { supabaseEditorStore } from '../../src/features/editor/supabase-store.server.ts';
import { EditorError } from '../../src/features/editor/types.ts';
import { supabaseLinkCheckStore } from '../../src/features/links/store.server.ts';
import { supabaseFormStore } from '../../src/lib/store/form-store.server.ts';
import { supabaseClient } from '../../src/lib/store/supabase.server.ts';

interface Seen {
	method: string;
	url: URL;
	body: unknown;
	apikey: string | null;
}

function fakeSupabase(answers: { status?: number; body: unknown }[]) {
	const seen: Seen[] = [];
	const fetchDouble: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		const text = await request.text();
		seen.push({
			method: request.method,
			url: new URL(request.url),
			body: text ? JSON.parse(text) : null,
			apikey: request.headers.get('apikey'),
		});
		const answer = answers.shift() ?? { body: [] };
		return new Response(JSON.stringify(answer.body), {
			status: answer.status ?? 200,
			headers: { 'content-type': 'application/json' },
		});
	};
	return {
		client: supabaseClient('https://demo.supabase.co', 'sb_secret_test', fetchDouble),
		seen,
	};
}

describe('Supabase form store', () => {
	const limit = { bucket: 'submit', clientHash: 'a'.repeat(32), max: 5, windowSeconds: 3600 };
	const limitArgs = {
		p_bucket: 'submit',
		p_client_hash: 'a'.repeat(32),
		p_window_seconds: 3600,
		p_max_hits: 5,
	};

	it('submits with its rate-limit hit in one rpc call, with the secret key', async () => {
		const { client, seen } = fakeSupabase([
			{ body: [{ outcome: 'listed', tool_id: 27, retry_after: null }] },
		]);
		const result = await supabaseFormStore(client).submitTool(
			'Procore',
			'https://procore.com',
			'me@example.com',
			limit,
		);
		expect(result).toEqual({ outcome: 'listed', toolId: 27 });
		expect(seen).toHaveLength(1);
		expect(seen[0].method).toBe('POST');
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/submit_tool_rate_limited');
		expect(seen[0].body).toEqual({
			...limitArgs,
			p_name: 'Procore',
			p_url: 'https://procore.com',
			p_email: 'me@example.com',
		});
		expect(seen[0].apikey).toBe('sb_secret_test');
	});

	it('sends a missing submitter e-mail as null and reads a new submission', async () => {
		const { client, seen } = fakeSupabase([
			{ body: [{ outcome: 'created', tool_id: null, retry_after: null }] },
		]);
		expect(
			await supabaseFormStore(client).submitTool('X', 'https://x.example.com', undefined, limit),
		).toEqual({ outcome: 'created' });
		expect(seen[0].body).toMatchObject({ p_email: null });
	});

	it('reads a rate-limited answer with its retry delay', async () => {
		const { client } = fakeSupabase([
			{ body: [{ outcome: 'rate_limited', tool_id: null, retry_after: 99 }] },
		]);
		const store = supabaseFormStore(client);
		expect(await store.submitTool('X', 'https://x.example.com', undefined, limit)).toEqual({
			outcome: 'rate_limited',
			retryAfterSeconds: 99,
		});
	});

	it('counts a request that writes nothing with hit_rate_limit', async () => {
		const { client, seen } = fakeSupabase([{ body: [{ hits: 2, retry_after: 100 }] }]);
		expect(await supabaseFormStore(client).hitRateLimit(limit)).toEqual({
			hits: 2,
			retryAfterSeconds: 100,
		});
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/hit_rate_limit');
		expect(seen[0].body).toEqual({
			p_bucket: 'submit',
			p_client_hash: 'a'.repeat(32),
			p_window_seconds: 3600,
		});
	});

	it('refuses an answer it does not know instead of guessing', async () => {
		const { client } = fakeSupabase([{ body: [{ outcome: 'maybe', retry_after: null }] }]);
		await expect(
			supabaseFormStore(client).submitTool('X', 'https://x.example.com', undefined, limit),
		).rejects.toThrow(/unknown outcome/);
	});

	it('turns an API error into a thrown error (a 503 for the visitor)', async () => {
		const { client } = fakeSupabase([{ status: 500, body: { message: 'connection refused' } }]);
		await expect(
			supabaseFormStore(client).submitTool('X', 'https://x.example.com', undefined, limit),
		).rejects.toThrow(/connection refused/);
	});
});

describe('Supabase editor store', () => {
	it('approves through the approve_submission function', async () => {
		const { client, seen } = fakeSupabase([{ body: 190 }]);
		const toolId = await supabaseEditorStore(client).approve(
			5,
			{ name: 'X', url: 'https://x.example.com', description: 'd', category: 'workforce' },
			false,
		);
		expect(toolId).toBe(190);
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/approve_submission');
		expect(seen[0].body).toMatchObject({ p_id: 5, p_force: false, p_category: 'workforce' });
	});

	it("maps the functions' SQLSTATE codes to editor errors, whatever the message says", async () => {
		const { client } = fakeSupabase([
			{
				status: 400,
				body: { code: 'CTNPD', message: 'submission 5 is already approved' },
			},
		]);
		const error = await supabaseEditorStore(client)
			.approve(
				5,
				{ name: 'X', url: 'https://x.example.com', description: 'd', category: 'workforce' },
				false,
			)
			.catch((caught) => caught);
		expect(error).toBeInstanceOf(EditorError);
		expect(error.code).toBe('not_pending');
		expect(error.message).toBe('submission 5 is already approved');
	});

	it('reads the queue with one request for submissions and one for matching live hosts', async () => {
		const { client, seen } = fakeSupabase([
			{
				body: [
					{
						id: 1,
						name: 'A',
						url: 'https://a.example.com',
						host: 'a.example.com',
						status: 'pending',
						created_at: '2026-11-20T00:00:00Z',
					},
				],
			},
			{ body: [{ id: 9, host: 'a.example.com' }] },
		]);
		const [entry] = await supabaseEditorStore(client).pendingQueue();
		expect(entry.liveToolsWithHost).toEqual([9]);
		expect(seen[0].url.searchParams.get('status')).toBe('eq.pending');
		expect(seen[0].url.searchParams.get('order')).toBe('created_at.asc,id.asc');
		expect(seen[1].url.searchParams.get('host')).toBe('in.(a.example.com)');
	});

	it('claims rebuild requests through claim_rebuilds, with the lease, oldest first', async () => {
		const { client, seen } = fakeSupabase([
			{
				body: [
					{ id: 2, reason: 'Approved B' },
					{ id: 1, reason: 'Approved A' },
				],
			},
		]);
		expect(await supabaseEditorStore(client).claimRebuilds(900)).toEqual({
			ids: [1, 2],
			reasons: ['Approved A', 'Approved B'],
		});
		expect(seen[0].method).toBe('POST');
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/claim_rebuilds');
		expect(seen[0].body).toEqual({ p_lease_seconds: 900 });
	});

	it('rejects, edits and unpublishes through database functions, as the embedded store does', async () => {
		const { client, seen } = fakeSupabase([{ body: null }, { body: null }, { body: null }]);
		const store = supabaseEditorStore(client);
		await store.reject(3, 'Not construction');
		await store.updateTool(4, { description: 'New.' });
		await store.setToolStatus(4, 'unpublished');
		expect(seen.map((request) => request.url.pathname)).toEqual([
			'/rest/v1/rpc/review_submission',
			'/rest/v1/rpc/update_tool',
			'/rest/v1/rpc/set_tool_status',
		]);
		expect(seen[1].body).toEqual({
			p_id: 4,
			p_name: null,
			p_url: null,
			p_description: 'New.',
			p_category: null,
		});
	});
});

describe('Supabase link-check store', () => {
	const answer = (n: number) => ({
		url: `https://tool-${n}.example.com/`,
		status: 'broken' as const,
		httpStatus: 404,
		finalUrl: null,
		detail: 'HTTP 404 Not Found',
	});

	it('records answers in rpc calls of at most 500, in the database function’s names', async () => {
		const { client, seen } = fakeSupabase([{ body: null }, { body: null }]);
		await supabaseLinkCheckStore(client).record(Array.from({ length: 600 }, (_, n) => answer(n)));
		expect(seen.map((s) => s.url.pathname)).toEqual([
			'/rest/v1/rpc/record_link_checks',
			'/rest/v1/rpc/record_link_checks',
		]);
		const batches = seen.map((s) => (s.body as { p_results: unknown[] }).p_results);
		expect(batches.map((batch) => batch.length)).toEqual([500, 100]);
		expect(batches[1][99]).toEqual({
			url: 'https://tool-599.example.com/',
			status: 'broken',
			http_status: 404,
			final_url: null,
			detail: 'HTTP 404 Not Found',
		});
		expect(seen[0].apikey).toBe('sb_secret_test');
	});

	it('reads every linked address with its last answer, and prunes', async () => {
		const { client, seen } = fakeSupabase([
			{
				body: [
					{
						url: 'https://www.plangrid.com/',
						used_by: ['PlanGrid (tool 9): address'],
						status: 'moved',
						http_status: 200,
						final_url: 'https://construction.autodesk.com/',
						detail: 'now on another site (construction.autodesk.com)',
						first_seen_failing: '2026-11-01T09:00:00+00:00',
						failed_checks: 3,
						checked_at: '2026-11-25T09:00:00+00:00',
					},
					{ url: 'https://new.example.com/', used_by: ['New (tool 10): address'], status: null },
				],
			},
			{ body: 2 },
		]);
		const store = supabaseLinkCheckStore(client);
		const [moved, unchecked] = await store.links();
		expect(moved).toMatchObject({
			status: 'moved',
			usedBy: ['PlanGrid (tool 9): address'],
			finalUrl: 'https://construction.autodesk.com/',
			firstSeenFailing: new Date('2026-11-01T09:00:00Z'),
			failedChecks: 3,
		});
		expect(unchecked).toMatchObject({ status: null, checkedAt: null, failedChecks: 0 });
		expect(await store.prune()).toBe(2);
		expect(seen.map((s) => s.url.pathname)).toEqual([
			'/rest/v1/rpc/link_check_status',
			'/rest/v1/rpc/prune_link_checks',
		]);
	});

	it('turns an API error into a thrown error', async () => {
		const { client } = fakeSupabase([{ status: 500, body: { message: 'connection refused' } }]);
		await expect(supabaseLinkCheckStore(client).links()).rejects.toThrow(/connection refused/);
	});
});
