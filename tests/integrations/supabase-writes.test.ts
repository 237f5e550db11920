// The Supabase backends of the integration writes (editor and submit function): the requests
// supabase-js sends with the secret key, through a fetch double.
import { describe, expect, it } from 'vitest';
import { supabaseIntegrationEditorStore } from '../../src/features/editor/integrations-store.server.ts';
import { EditorError } from '../../src/features/editor/types.ts';
import { supabaseFormStore } from '../../src/lib/store/form-store.server.ts';
import { supabaseClient } from '../../src/lib/store/supabase.server.ts';

function fakeSupabase(answers: { status?: number; body: unknown }[]) {
	const seen: { method: string; url: URL; body: unknown }[] = [];
	const fetchDouble: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		const text = await request.text();
		seen.push({
			method: request.method,
			url: new URL(request.url),
			body: text ? JSON.parse(text) : null,
		});
		const answer = answers.shift() ?? { body: [] };
		return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
			status: answer.status ?? 200,
			headers: { 'content-type': 'application/json' },
		});
	};
	return {
		client: supabaseClient('https://demo.supabase.co', 'sb_secret_test', fetchDouble),
		seen,
	};
}

describe('Supabase integration editor store', () => {
	it("lists a tool's connections from both sides, partner named", async () => {
		const { client, seen } = fakeSupabase([
			{
				body: [
					{
						kind: 'api',
						note: null,
						source_url: 'https://a.example/',
						low: { id: 3, name: 'Zed', status: 'live' },
						high: { id: 9, name: 'Me', status: 'live' },
					},
					{
						kind: 'native',
						note: 'n',
						source_url: 'https://b.example/',
						low: { id: 9, name: 'Me', status: 'live' },
						high: { id: 12, name: 'Alpha', status: 'unpublished' },
					},
				],
			},
		]);
		const connections = await supabaseIntegrationEditorStore(client).connections(9);
		expect(connections.map((c) => [c.partner.id, c.partner.name, c.kind])).toEqual([
			[12, 'Alpha', 'native'],
			[3, 'Zed', 'api'],
		]);
		expect(seen[0].url.pathname).toBe('/rest/v1/tool_integrations');
		expect(seen[0].url.searchParams.get('or')).toBe('(tool_low_id.eq.9,tool_high_id.eq.9)');
	});

	it('links a pair lower id first, and reports an existing one without writing', async () => {
		const { client, seen } = fakeSupabase([
			{ body: null, status: 200 },
			{ body: null, status: 201 },
		]);
		const store = supabaseIntegrationEditorStore(client);
		const details = { kind: 'marketplace' as const, sourceUrl: 'https://m.example/', note: null };
		expect(await store.link(20, 7, details, false)).toBe('created');
		expect(seen[0].url.searchParams.get('tool_low_id')).toBe('eq.7');
		expect(seen[0].url.searchParams.get('tool_high_id')).toBe('eq.20');
		expect(seen[1]).toMatchObject({
			method: 'POST',
			body: {
				tool_low_id: 7,
				tool_high_id: 20,
				kind: 'marketplace',
				source_url: 'https://m.example/',
				note: null,
			},
		});
		const existing = fakeSupabase([{ body: { id: 5 } }]);
		expect(await supabaseIntegrationEditorStore(existing.client).link(7, 20, details, false)).toBe(
			'exists',
		);
		expect(existing.seen).toHaveLength(1);
	});

	it('unlinks, telling whether there was a link', async () => {
		const { client, seen } = fakeSupabase([{ body: [{ id: 5 }] }, { body: [] }]);
		const store = supabaseIntegrationEditorStore(client);
		expect(await store.unlink(20, 7)).toBe(true);
		expect(await store.unlink(20, 7)).toBe(false);
		expect(seen[0].method).toBe('DELETE');
	});

	it('records what a link says, checked today, and a re-read with verify', async () => {
		const today = new Date().toISOString().slice(0, 10);
		const { client, seen } = fakeSupabase([
			{ body: null, status: 200 },
			{ body: null, status: 201 },
			{ body: { id: 5, source_url: 'https://old.example/' } },
			{ body: null, status: 204 },
			{ body: null, status: 200 },
		]);
		const store = supabaseIntegrationEditorStore(client);
		const details = {
			kind: 'api' as const,
			sourceUrl: 'https://m.example/',
			note: null,
			direction: 'both' as const,
			moves: ['budgets' as const],
			via: 'middleware' as const,
			viaService: 'Agave',
			status: null,
		};
		expect(await store.link(7, 20, details, false)).toBe('created');
		expect(seen[1].body).toMatchObject({
			direction: 'both',
			moves: ['budgets'],
			via: 'middleware',
			via_service: 'Agave',
			status: null,
			verified_on: today,
		});
		expect(await store.verify(20, 7, 'https://new.example/')).toEqual({
			previousSource: 'https://old.example/',
		});
		expect(seen[3]).toMatchObject({
			method: 'PATCH',
			body: { verified_on: today, source_url: 'https://new.example/' },
		});
		expect(seen[3].url.searchParams.get('id')).toBe('eq.5');
		expect(await store.verify(20, 7, 'https://new.example/')).toBeNull();
		expect(seen).toHaveLength(5);
	});

	it('lists stale connections by the day their source was read', async () => {
		const { client, seen } = fakeSupabase([
			{
				body: [
					{
						source_url: 'https://s.example/',
						verified_on: '2025-01-01',
						low: { id: 3, name: 'A' },
						high: { id: 9, name: 'B' },
					},
				],
			},
		]);
		const [stale] = await supabaseIntegrationEditorStore(client).stale(90, 9);
		expect(stale).toMatchObject({ low: { id: 3, name: 'A' }, verifiedOn: '2025-01-01' });
		expect(stale.days).toBeGreaterThan(300);
		const cutoff = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
		expect(seen[0].url.searchParams.get('verified_on')).toBe(`lte.${cutoff}`);
		expect(seen[0].url.searchParams.get('or')).toBe('(tool_low_id.eq.9,tool_high_id.eq.9)');
		expect(seen[0].url.searchParams.get('order')).toBe('verified_on.asc');
	});

	it('approves with integrations in one rpc call and maps its errors', async () => {
		const { client, seen } = fakeSupabase([
			{ body: 44 },
			{ status: 400, body: { code: 'CTNFD', message: 'no live tool with id 8' } },
		]);
		const store = supabaseIntegrationEditorStore(client);
		const draft = {
			name: 'N',
			url: 'https://n.example.com',
			description: 'D.',
			category: 'workforce' as const,
		};
		const link = { kind: 'api' as const, sourceUrl: 'https://s.example/' };
		expect(await store.approveWithIntegrations(3, draft, false, [8, 9], link)).toBe(44);
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/approve_submission_with_integrations');
		expect(seen[0].body).toMatchObject({
			p_id: 3,
			p_partner_ids: [8, 9],
			p_kind: 'api',
			p_source_url: 'https://s.example/',
		});
		const error = await store.approveWithIntegrations(3, draft, false, [8], link).catch((e) => e);
		expect(error).toBeInstanceOf(EditorError);
		expect(error.code).toBe('not_found');
	});
});

describe('Supabase form store with "works with"', () => {
	const limit = { bucket: 'submit', clientHash: 'a'.repeat(32), max: 5, windowSeconds: 3600 };

	it('calls submit_tool_with_suggestions only when there are suggestions', async () => {
		const { client, seen } = fakeSupabase([
			{ body: [{ outcome: 'unknown_tools', tool_id: null, retry_after: null, unknown: ['Nope'] }] },
			{ body: [{ outcome: 'created', tool_id: null, retry_after: null }] },
		]);
		const store = supabaseFormStore(client);
		expect(
			await store.submitTool('T', 'https://t.example.com', undefined, limit, ['Procore', 'Nope']),
		).toEqual({
			outcome: 'unknown_tools',
			unknown: ['Nope'],
		});
		expect(seen[0].url.pathname).toBe('/rest/v1/rpc/submit_tool_with_suggestions');
		expect(seen[0].body).toMatchObject({ p_name: 'T', p_works_with: ['Procore', 'Nope'] });
		expect(await store.submitTool('T', 'https://t.example.com', undefined, limit, [])).toEqual({
			outcome: 'created',
		});
		expect(seen[1].url.pathname).toBe('/rest/v1/rpc/submit_tool_rate_limited');
		expect(seen[1].body).not.toHaveProperty('p_works_with');
	});
});
