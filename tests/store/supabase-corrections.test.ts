// The Supabase backends of corrections and claims (record 0022): the rpc calls and reads that
// supabase-js sends with the secret key, checked through a fetch double, so both backends call
// the same database functions with the same arguments.
import { describe, expect, it } from 'vitest';
import { supabaseCorrectionEditorStore } from '../../src/features/editor/corrections-store.server.ts';
import { supabaseFormStore } from '../../src/lib/store/form-store.server.ts';
import { supabaseClient } from '../../src/lib/store/supabase.server.ts';

function fakeSupabase(answers: unknown[]) {
	const seen: { method: string; url: URL; body: unknown }[] = [];
	const fetchDouble: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		const text = await request.text();
		seen.push({
			method: request.method,
			url: new URL(request.url),
			body: text ? JSON.parse(text) : null,
		});
		return new Response(JSON.stringify(answers.shift() ?? []), {
			headers: { 'content-type': 'application/json' },
		});
	};
	return {
		client: supabaseClient('https://demo.supabase.co', 'sb_secret_test', fetchDouble),
		seen,
	};
}

const limit = { bucket: 'correction', clientHash: 'a'.repeat(32), max: 5, windowSeconds: 3600 };
const limitArgs = {
	p_bucket: 'correction',
	p_client_hash: 'a'.repeat(32),
	p_window_seconds: 3600,
	p_max_hits: 5,
};

describe('Supabase form store: corrections and claims', () => {
	it('suggests a correction with its rate-limit hit in one rpc call', async () => {
		const { client, seen } = fakeSupabase([[{ outcome: 'unknown_partner', retry_after: null }]]);
		const result = await supabaseFormStore(client).suggestCorrection(
			{
				toolId: 4,
				what: 'integration',
				fact: null,
				value: null,
				detail: null,
				partner: 'Sage',
				via: 'middleware',
				viaService: 'Agave',
				flow: 'out',
				moves: ['budgets'],
				linkStatus: null,
				newText: null,
				sourceUrl: 'https://vendor.example.com/x',
				quote: null,
				email: null,
			},
			limit,
		);
		expect(result).toEqual({ outcome: 'unknown_partner' });
		expect(seen).toHaveLength(1);
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/suggest_tool_correction');
		expect(seen[0].body).toMatchObject({
			...limitArgs,
			p_tool_id: 4,
			p_what: 'integration',
			p_partner: 'Sage',
			p_link_via: 'middleware',
			p_link_via_service: 'Agave',
			p_link_flow: 'out',
			p_link_moves: ['budgets'],
			p_source_url: 'https://vendor.example.com/x',
		});
	});

	it('requests and confirms a claim, reading the answers as the embedded store does', async () => {
		const { client, seen } = fakeSupabase([
			[
				{
					outcome: 'send',
					retry_after: null,
					claim_id: 9,
					requested_ms: '1795868877982',
					tool_host: 'app.procore.com',
					tool_name: 'Procore',
				},
			],
			[{ outcome: 'busy', retry_after: 120 }],
		]);
		const store = supabaseFormStore(client);
		expect(await store.requestClaim(4, 'ann@procore.com', 'procore.com', limit)).toEqual({
			outcome: 'send',
			claimId: 9,
			requestedMs: 1795868877982,
			toolHost: 'app.procore.com',
			toolName: 'Procore',
		});
		expect(await store.confirmClaim(9, 1795868877982, limit)).toEqual({
			outcome: 'rate_limited',
			retryAfterSeconds: 120,
			everyone: true,
		});
		expect(seen.map((call) => call.url.pathname)).toEqual([
			'/rest/v1/rpc/request_listing_claim',
			'/rest/v1/rpc/confirm_listing_claim',
		]);
		expect(seen[0].body).toMatchObject({
			p_tool_id: 4,
			p_email: 'ann@procore.com',
			p_email_domain: 'procore.com',
		});
		expect(seen[1].body).toMatchObject({ p_claim_id: 9, p_requested_ms: 1795868877982 });
	});
});

describe('Supabase editor store: the corrections queue', () => {
	it('lists one tool’s pending suggestions oldest first, reviews, and revokes through rpc', async () => {
		const { client, seen } = fakeSupabase([
			[
				{
					id: 3,
					tool_id: 4,
					what: 'fact',
					fact: 'sso',
					value: ['yes'],
					source_url: 'https://vendor.example.com/sso',
					vendor_stated: true,
					status: 'pending',
					created_at: '2026-11-28T10:00:00Z',
					tool: { name: 'Procore' },
					partner: null,
				},
			],
			null,
			true,
		]);
		const store = supabaseCorrectionEditorStore(client);
		const [pending] = await store.pending(4);
		expect(pending).toMatchObject({ id: 3, toolName: 'Procore', fact: 'sso', vendorStated: true });
		await store.review(3, 'rejected', 'Not on that page.');
		expect(await store.revokeClaim(2)).toBe(true);
		const list = seen[0].url;
		expect(list.pathname).toBe('/rest/v1/tool_suggestions');
		expect(list.searchParams.get('status')).toBe('eq.pending');
		expect(list.searchParams.get('tool_id')).toBe('eq.4');
		expect(list.searchParams.get('order')).toBe('created_at.asc,id.asc');
		expect(seen[1].url.pathname).toBe('/rest/v1/rpc/review_tool_suggestion');
		expect(seen[1].body).toEqual({ p_id: 3, p_status: 'rejected', p_reason: 'Not on that page.' });
		expect(seen[2].url.pathname).toBe('/rest/v1/rpc/revoke_listing_claim');
	});
});
