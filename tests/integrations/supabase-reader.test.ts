// The Supabase backend for integrations: the requests supabase-js sends, through a fetch double.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.server.ts';
import {
	openIntegrationReader,
	supabaseIntegrationReader,
} from '../../src/lib/store/integrations.server.ts';
import { supabaseClient } from '../../src/lib/store/supabase.server.ts';

function recordingFetch(pages: unknown[][]) {
	const requests: { url: URL; headers: Headers }[] = [];
	const fetchDouble: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		requests.push({ url: new URL(request.url), headers: request.headers });
		return new Response(JSON.stringify(pages.shift() ?? []), {
			status: 200,
			headers: { 'content-type': 'application/json' },
		});
	};
	return { fetchDouble, requests };
}

describe('Supabase integration reader', () => {
	it('reads tool_integrations with the publishable key and leaves the live filter to RLS', async () => {
		const row = {
			id: 1,
			tool_low_id: 2,
			tool_high_id: 3,
			kind: 'api',
			note: null,
			source_url: 'https://x.example/',
		};
		const { fetchDouble, requests } = recordingFetch([[row]]);
		const reader = supabaseIntegrationReader(
			supabaseClient('https://demo.supabase.co', 'sb_publishable_test', fetchDouble),
		);
		expect(await reader.listLiveIntegrations()).toEqual([row]);
		const [{ url, headers }] = requests;
		expect(url.origin + url.pathname).toBe('https://demo.supabase.co/rest/v1/tool_integrations');
		expect(url.searchParams.get('select')).toBe(
			'id,tool_low_id,tool_high_id,kind,note,source_url,direction,moves,via,via_service,status,verified_on',
		);
		expect(url.searchParams.get('order')).toBe('id.asc');
		expect(url.searchParams.get('offset')).toBe('0');
		expect(url.searchParams.get('limit')).toBe('1000');
		expect(headers.get('apikey')).toBe('sb_publishable_test');
	});

	it('pages through more integrations than one PostgREST response holds', async () => {
		const full = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1 }));
		const { fetchDouble, requests } = recordingFetch([full, [{ id: 1001 }]]);
		const reader = supabaseIntegrationReader(
			supabaseClient('https://demo.supabase.co', 'k', fetchDouble),
		);
		expect(await reader.listLiveIntegrations()).toHaveLength(1001);
		expect(requests.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '1000']);
	});

	it('fails the build on a failed read rather than dropping every integration', async () => {
		const failing: typeof fetch = async () =>
			new Response(JSON.stringify({ message: 'relation "tool_integrations" does not exist' }), {
				status: 404,
			});
		const reader = supabaseIntegrationReader(
			supabaseClient('https://demo.supabase.co', 'k', failing),
		);
		await expect(reader.listLiveIntegrations()).rejects.toThrow(
			/tool_integrations.*does not exist/,
		);
	});

	it('refuses Supabase without the publishable key (the build configuration checks it)', async () => {
		await expect(async () =>
			openIntegrationReader(parseConfig({ SUPABASE_URL: 'https://demo.supabase.co' }, 'build')),
		).rejects.toThrow(/SUPABASE_PUBLISHABLE_KEY/);
	});
});
