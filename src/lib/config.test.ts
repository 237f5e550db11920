import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config.server.ts';
import { ensureLocalSecret } from './embedded-db/local-secrets.server.ts';

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

	it('never signs with a value in the repository: unset, the embedded database uses the secrets npm start generated for its data directory', () => {
		const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'contech-config-')), 'pglite');
		const env = { EMBEDDED_DB_DIR: dataDir };
		// Before a first npm start: nothing to sign with, and no salt but the functions' own.
		expect(parseConfig(env, 'functions').newsletter).toEqual({
			secret: undefined,
			ratePerSecond: 0,
			retryBackoffMs: 5000,
			previewDir: '.data/newsletter',
		});
		expect(parseConfig(env, 'functions').rateLimit.salt).toBeUndefined();
		const secret = ensureLocalSecret(dataDir, 'NEWSLETTER_SECRET');
		const salt = ensureLocalSecret(dataDir, 'RATE_LIMIT_SALT');
		expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(salt).not.toBe(secret);
		expect(statSync(`${dataDir}.newsletter-secret`).mode & 0o777).toBe(0o600);
		// Made once: a second start keeps them.
		expect(ensureLocalSecret(dataDir, 'NEWSLETTER_SECRET')).toBe(secret);
		expect(parseConfig(env, 'functions').newsletter.secret).toBe(secret);
		expect(parseConfig(env, 'functions').rateLimit.salt).toBe(salt);
		// The environment's own still wins.
		expect(
			parseConfig({ ...env, NEWSLETTER_SECRET: production.NEWSLETTER_SECRET }, 'functions')
				.newsletter.secret,
		).toBe(production.NEWSLETTER_SECRET);
		expect(readFileSync('src/lib/config.server.ts', 'utf8')).not.toMatch(
			/DEV_(SALT|NEWSLETTER)|local-development-only/,
		);
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

	it('takes the host names npm start answers besides its own (ALLOWED_HOSTS), and refuses anything but host names', () => {
		expect(parseConfig({}, 'start').allowedHosts).toEqual([]);
		expect(
			parseConfig({ ALLOWED_HOSTS: ' 192.168.1.20, Directory.LAN ,[fd00::5]' }, 'start')
				.allowedHosts,
		).toEqual(['192.168.1.20', 'directory.lan', '[fd00::5]']);
		for (const wrong of ['http://evil.example', 'lan:8888', 'a/b', '.lan', 'a..b'])
			expect(problems({ ALLOWED_HOSTS: wrong }, 'start'), wrong).toEqual([
				expect.stringMatching(/^ALLOWED_HOSTS must be host names or IP addresses/),
			]);
	});

	it('lets only tests reach loopback from link checks and logo fetches: production refuses the allowance', () => {
		expect(parseConfig({}, 'editor').outboundAllowLoopback).toBe(false);
		expect(parseConfig({ OUTBOUND_ALLOW_LOOPBACK: '1' }, 'editor').outboundAllowLoopback).toBe(
			true,
		);
		expect(problems({ OUTBOUND_ALLOW_LOOPBACK: 'yes' }, 'editor')).toHaveLength(1);
		for (const role of ['build', 'editor', 'functions'] as const)
			expect(problems({ ...production, OUTBOUND_ALLOW_LOOPBACK: '1' }, role)).toEqual([
				expect.stringMatching(/^OUTBOUND_ALLOW_LOOPBACK=1 is for tests only/),
			]);
	});

	it('documents every variable it reads in .env.example and the configuration table of docs/operating.md', () => {
		const example = readFileSync('.env.example', 'utf8');
		const operating = readFileSync('docs/operating.md', 'utf8');
		// Netlify's own, set by the platform on its builds and functions.
		const netlifys = new Set(['URL', 'DEPLOY_PRIME_URL', 'DEPLOY_URL']);
		for (const name of CONFIG_VARIABLES.filter((variable) => !netlifys.has(variable))) {
			expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
			expect(operating, name).toContain(`\`${name}\``);
		}
	});
});
