// The editor in production (SUPABASE_URL set) without NEWSLETTER_SECRET: the commands that sign
// no link run; `newsletter send`, which signs every unsubscribe link, refuses with exit code 5.
// Supabase is a stand-in on loopback answering PostgREST's shapes (a local Supabase speaks http).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { editor } from './cli.ts';

const TOOL = {
	id: 7,
	name: 'Procore',
	url: 'https://www.procore.com/',
	description: 'Construction management.',
	category: 'project-management',
	status: 'live',
	published_at: '2026-11-01T00:00:00Z',
};
const requested: string[] = [];
let supabase: http.Server;
let env: Record<string, string>;

beforeAll(async () => {
	supabase = http.createServer((request, response) => {
		requested.push(`${request.method} ${new URL(request.url!, 'http://x').pathname}`);
		request.resume();
		const rows = request.url!.startsWith('/rest/v1/construction_apps') ? [TOOL] : [];
		response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
	});
	await new Promise<void>((resolve) => supabase.listen(0, '127.0.0.1', resolve));
	env = {
		SUPABASE_URL: `http://127.0.0.1:${(supabase.address() as AddressInfo).port}`,
		SUPABASE_SECRET_KEY: 'sb_secret_EXAMPLE',
		NEWSLETTER_SECRET: '',
		SITE_URL: 'https://directory.example.com',
	};
});
afterAll(() => new Promise<void>((resolve) => supabase.close(() => resolve())));

it('lists tools without NEWSLETTER_SECRET', async () => {
	const { code, stdout, stderr } = await editor(['tools'], env);
	expect(stderr).toBe('');
	expect(code).toBe(0);
	expect(stdout).toMatch(/^7\s+Procore\s+project-management\s+live/m);
	expect(requested).toContain('GET /rest/v1/construction_apps');
});

it('refuses to send the newsletter without it, before reading anything, with exit code 5', async () => {
	requested.length = 0;
	const { code, stderr } = await editor(['newsletter', 'send'], env);
	expect(code).toBe(5);
	expect(stderr).toMatch(/NEWSLETTER_SECRET is not/);
	expect(requested).toEqual([]);
});
