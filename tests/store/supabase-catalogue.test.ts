// The Supabase backend: the HTTP requests supabase-js sends, checked through a fetch double.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.server.ts';
import { supabaseCatalogueReader, supabaseClient } from '../../src/lib/store/supabase.server.ts';

function recordingFetch(pages: unknown[][]) {
	const requests: { url: URL; method: string; headers: Headers }[] = [];
	const fetchDouble: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		requests.push({ url: new URL(request.url), method: request.method, headers: request.headers });
		const body = pages.shift() ?? [];
		return new Response(JSON.stringify(body), {
			status: 200,
			headers: { 'content-type': 'application/json' },
		});
	};
	return { fetchDouble, requests };
}

describe('Supabase catalogue reader', () => {
	it('reads live tools ordered by name with the publishable key', async () => {
		const { fetchDouble, requests } = recordingFetch([[{ id: 1, name: 'Procore' }]]);
		const reader = supabaseCatalogueReader(
			supabaseClient('https://demo.supabase.co', 'sb_publishable_test', fetchDouble),
		);
		const rows = await reader.listLiveTools();
		expect(rows).toEqual([{ id: 1, name: 'Procore' }]);
		expect(requests).toHaveLength(1);
		const [{ url, method, headers }] = requests;
		expect(method).toBe('GET');
		expect(url.origin + url.pathname).toBe('https://demo.supabase.co/rest/v1/construction_apps');
		expect(url.searchParams.get('select')).toBe('*');
		expect(url.searchParams.get('status')).toBe('eq.live');
		expect(url.searchParams.get('order')).toBe('name_sort.asc,name.asc,id.asc');
		expect(url.searchParams.get('offset')).toBe('0');
		expect(url.searchParams.get('limit')).toBe('1000');
		expect(headers.get('apikey')).toBe('sb_publishable_test');
	});

	it('pages through catalogues larger than one PostgREST response', async () => {
		const full = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1 }));
		const { fetchDouble, requests } = recordingFetch([full, [{ id: 1001 }]]);
		const reader = supabaseCatalogueReader(
			supabaseClient('https://demo.supabase.co', 'k', fetchDouble),
		);
		expect(await reader.listLiveTools()).toHaveLength(1001);
		expect(requests.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '1000']);
	});

	it('reports a failed read instead of building an empty site', async () => {
		const failing: typeof fetch = async () =>
			new Response(JSON.stringify({ message: 'permission denied for table construction_apps' }), {
				status: 401,
			});
		const reader = supabaseCatalogueReader(
			supabaseClient('https://demo.supabase.co', 'k', failing),
		);
		await expect(reader.listLiveTools()).rejects.toThrow(/permission denied/);
	});

	it('refuses to build against Supabase without the publishable key', () => {
		expect(() => parseConfig({ SUPABASE_URL: 'https://demo.supabase.co' }, 'build')).toThrow(
			/SUPABASE_PUBLISHABLE_KEY/,
		);
	});

	it('gives up on a Supabase that never answers, saying so', async () => {
		const hanging: typeof fetch = (_input, init) =>
			new Promise((_resolve, reject) =>
				init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
			);
		const reader = supabaseCatalogueReader(
			supabaseClient('https://demo.supabase.co', 'k', hanging, 200),
		);
		await expect(reader.listLiveTools()).rejects.toThrow(/did not answer within 0.2 s/);
	});
});
