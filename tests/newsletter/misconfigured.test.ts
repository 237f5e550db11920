// The subscribe function as deployed (netlify/functions/subscribe.mts) with a production
// configuration missing NEWSLETTER_SECRET: it logs every problem and answers 503, never crashes.
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

const logged: string[] = [];
let subscribe: (request: Request, context: Context) => Promise<Response>;

beforeAll(async () => {
	vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
	vi.stubEnv('SUPABASE_URL', 'https://demo.supabase.co');
	vi.stubEnv('SUPABASE_SECRET_KEY', 'sb_secret_EXAMPLE');
	vi.stubEnv('RATE_LIMIT_SALT', 'a-long-random-salt');
	vi.stubEnv('NEWSLETTER_SECRET', '');
	vi.stubEnv('SITE_URL', 'https://contech.example');
	subscribe = (await import('../../netlify/functions/subscribe.mts')).default;
});
afterAll(() => {
	vi.unstubAllEnvs();
	vi.restoreAllMocks();
});

const context = { ip: '198.51.100.7' } as Context;

it('logs the list of problems once, at start, without the secrets', () => {
	const all = logged.join('\n');
	expect(all).toMatch(/NEWSLETTER_SECRET is not/);
	expect(all).not.toContain('sb_secret_EXAMPLE');
	expect(all).not.toContain('a-long-random-salt');
});

it('answers a sign-up with the JSON 503 and writes nothing', async () => {
	const response = await subscribe(
		new Request('https://contech.example/.netlify/functions/subscribe', {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: 'https://contech.example' },
			body: JSON.stringify({ email: 'someone@example.com' }),
		}),
		context,
	);
	expect(response.status).toBe(503);
	expect((await response.json()).error.code).toBe('store_unavailable');
});

it('answers a confirm link with the 503 page', async () => {
	const response = await subscribe(
		new Request('https://contech.example/.netlify/functions/subscribe?action=confirm&token=x.y', {
			method: 'POST',
		}),
		context,
	);
	expect(response.status).toBe(503);
	expect(response.headers.get('retry-after')).toBe('120');
	expect(logged.join('\n')).toMatch(/\[newsletter\].*NEWSLETTER_SECRET is not/s);
});
