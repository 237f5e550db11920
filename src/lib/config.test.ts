import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config.server.ts';

const production = {
	SUPABASE_URL: 'https://demo.supabase.co',
	SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
	SUPABASE_SECRET_KEY: 'sb_secret_x',
	RATE_LIMIT_SALT: 'a-long-random-salt',
	NEWSLETTER_SECRET: 'a-newsletter-secret-of-32-characters-or-more',
};

function problems(env: NodeJS.ProcessEnv, role: Parameters<typeof parseConfig>[1]): string[] {
	try {
		parseConfig(env, role);
		return [];
	} catch (error) {
		if (error instanceof ConfigError) return error.problems;
		throw error;
	}
}

describe('configuration', () => {
	it('needs nothing locally: the embedded database, this machine as the site address', () => {
		const config = parseConfig({}, 'functions');
		expect(config.backend.kind).toBe('embedded');
		expect(config.siteUrl).toBe('http://localhost:8888');
		expect(config.rebuild).toEqual({ hookUrl: undefined, coalesceSeconds: 0, backoffMs: 2000 });
		expect(config.logoUrlTemplate).toBe('https://icons.duckduckgo.com/ip3/{host}.ico');
	});

	it('chooses Supabase when SUPABASE_URL is set, and takes SITE_URL over Netlify URL', () => {
		const config = parseConfig(
			{ ...production, URL: 'https://x.netlify.app', SITE_URL: 'https://contech.example.com' },
			'functions',
		);
		expect(config.backend).toMatchObject({ kind: 'supabase', secretKey: 'sb_secret_x' });
		expect(config.siteUrl).toBe('https://contech.example.com');
		expect(parseConfig({ URL: 'https://x.netlify.app' }, 'build').siteUrl).toBe(
			'https://x.netlify.app',
		);
	});

	it('lists every problem at once, naming the variable and what it got', () => {
		const found = problems(
			{ REBUILD_COALESCE_SECONDS: 'abc', EMBEDDED_DB_PORT: '99999', SMTP_URL: 'mail.example.com' },
			'editor',
		);
		expect(found).toHaveLength(3);
		expect(found[0]).toMatch(/^REBUILD_COALESCE_SECONDS must be a whole number of seconds.*"abc"/);
		expect(found.join('\n')).toMatch(/EMBEDDED_DB_PORT must be a TCP port/);
		expect(found.join('\n')).toMatch(/SMTP_URL must look like smtps:/);
	});

	it('in production, refuses to run without the rate-limit salt or with a secret key as the publishable one', () => {
		expect(problems(production, 'functions')).toEqual([]);
		expect(problems({ ...production, RATE_LIMIT_SALT: '' }, 'functions')).toEqual([
			expect.stringMatching(/RATE_LIMIT_SALT is not/),
		]);
		expect(
			problems({ ...production, SUPABASE_PUBLISHABLE_KEY: 'sb_secret_oops' }, 'build'),
		).toEqual([expect.stringMatching(/SUPABASE_PUBLISHABLE_KEY holds a secret key/)]);
		expect(problems({ ...production, SUPABASE_URL: 'http://demo.supabase.co' }, 'editor')).toEqual([
			expect.stringMatching(/SUPABASE_URL must use https/),
		]);
		// A local Supabase (supabase start) on loopback speaks plain http.
		expect(problems({ ...production, SUPABASE_URL: 'http://127.0.0.1:54321' }, 'editor')).toEqual(
			[],
		);
	});

	it('asks each role for the key it uses', () => {
		const bare = { SUPABASE_URL: 'https://demo.supabase.co' };
		expect(problems(bare, 'build')).toEqual([
			expect.stringMatching(/SUPABASE_PUBLISHABLE_KEY is not/),
		]);
		// The editor needs NEWSLETTER_SECRET only to send the newsletter (newsletterConfigOf).
		expect(problems(bare, 'editor')).toEqual([expect.stringMatching(/SUPABASE_SECRET_KEY is not/)]);
		expect(problems(bare, 'functions')).toHaveLength(3);
	});

	it('signs newsletter links with a development secret only on the embedded database', () => {
		expect(parseConfig({}, 'functions').newsletter).toEqual({
			secret: expect.stringMatching(/^local-development-only/),
			ratePerSecond: 0,
			retryBackoffMs: 5000,
			previewDir: '.data/newsletter',
		});
		expect(parseConfig(production, 'functions').newsletter.secret).toBe(
			production.NEWSLETTER_SECRET,
		);
		// The build never signs a link: it runs without the secret and is given none.
		const build = { ...production, NEWSLETTER_SECRET: '' };
		expect(parseConfig(build, 'build').newsletter.secret).toBeUndefined();
		expect(problems(build, 'functions')).toEqual([
			expect.stringMatching(/^SUPABASE_URL is set but NEWSLETTER_SECRET is not/),
		]);
		expect(problems(build, 'editor')).toEqual([]);
	});

	it('refuses a short NEWSLETTER_SECRET anywhere, without repeating it, and a wrong send rate', () => {
		const found = problems(
			{ NEWSLETTER_SECRET: 'short-secret-hunter2', NEWSLETTER_RATE_PER_SECOND: 'fast' },
			'editor',
		);
		expect(found).toEqual([
			expect.stringMatching(/^NEWSLETTER_SECRET must be a random string of at least 32 characters/),
			expect.stringMatching(/^NEWSLETTER_RATE_PER_SECOND must be a number.*"fast"/),
		]);
		expect(found.join('\n')).not.toContain('hunter2');
		expect(
			parseConfig({ NEWSLETTER_RATE_PER_SECOND: '2.5' }, 'editor').newsletter.ratePerSecond,
		).toBe(2.5);
	});

	it('keeps an empty OUTBOUND_REF (no ref parameter) apart from an unset one', () => {
		expect(parseConfig({ OUTBOUND_REF: '' }, 'build').outboundRef).toBe('');
		expect(parseConfig({}, 'build').outboundRef).toBeUndefined();
	});

	it('fetches logos from DuckDuckGo by default, from an https (or loopback) template, or not at all', () => {
		expect(parseConfig({}, 'build')).toMatchObject({
			logoUrlTemplate: 'https://icons.duckduckgo.com/ip3/{host}.ico',
			logoCacheDir: 'node_modules/.cache/contech-logos',
		});
		expect(parseConfig({ LOGO_URL_TEMPLATE: '' }, 'build').logoUrlTemplate).toBeNull();
		const local = 'http://127.0.0.1:4000/{host}.png';
		expect(parseConfig({ LOGO_URL_TEMPLATE: local }, 'build').logoUrlTemplate).toBe(local);
		for (const wrong of ['http://icons.example.com/{host}.ico', 'https://icons.example.com/x.ico'])
			expect(problems({ LOGO_URL_TEMPLATE: wrong }, 'build')).toEqual([
				expect.stringMatching(/^LOGO_URL_TEMPLATE must be an https address containing \{host\}/),
			]);
	});

	it('lists wrong values and missing production keys together, never repeating a secret', () => {
		const found = problems(
			{ SUPABASE_URL: 'https://demo.supabase.co', SMTP_URL: 'mail://user:hunter2@x', PORT: 'x' },
			'functions',
		);
		expect(found).toHaveLength(5);
		expect(found.join('\n')).not.toContain('hunter2');
		expect(found.join('\n')).toMatch(/PORT must be a TCP port number.*"x"/);
		expect(found.join('\n')).toMatch(/RATE_LIMIT_SALT is not/);
	});

	it('documents every variable it reads in .env.example and the README table', () => {
		const example = readFileSync('.env.example', 'utf8');
		const readme = readFileSync('README.md', 'utf8');
		// Netlify's own, set by the platform on its builds and functions.
		const netlifys = new Set(['URL', 'DEPLOY_PRIME_URL', 'DEPLOY_URL']);
		for (const name of CONFIG_VARIABLES.filter((variable) => !netlifys.has(variable))) {
			expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
			expect(readme, name).toContain(`\`${name}\``);
		}
	});
});
