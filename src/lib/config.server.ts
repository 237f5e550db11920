import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type EmbeddedDbConfig, embeddedDbConfig } from './embedded-db/config.server.ts';
import { type LocalSecret, readLocalSecret } from './embedded-db/local-secrets.server.ts';
import { SITE_NAME } from './site.ts';
import { DEFAULT_LOGO_URL_TEMPLATE } from './tool-url.ts';

// Every environment variable the site, the functions and the tooling read, validated once
// with one schema. `.env.example` and the README's configuration table document the same list.

/** Who is starting: each needs different keys in production (SUPABASE_URL set). */
export type ConfigRole = 'build' | 'functions' | 'editor' | 'start';

/** The environment is wrong: `problems` lists every one of them, one readable line each. */
export class ConfigError extends Error {
	constructor(readonly problems: string[]) {
		super(
			`the configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
		);
	}
}

// An empty variable counts as unset (a `.env` line `SMTP_URL=` switches SMTP off).
const text = () => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().optional());
const url = (protocols: string[], hint: string) =>
	text().refine((value) => {
		if (value === undefined) return true;
		try {
			return protocols.includes(new URL(value).protocol);
		} catch {
			return false;
		}
	}, hint);
const whole = (min: number, max: number, hint: string) =>
	text().refine(
		(value) => value === undefined || (/^\d+$/.test(value) && +value >= min && +value <= max),
		hint,
	);
const port = () => whole(1, 65535, 'must be a TCP port number (1-65535)');
/** nodemailer reads options from SMTP_URL's query; these would send mail or a login in clear. */
function weakensTls(value: string): boolean {
	if (!URL.canParse(value)) return false;
	const query = new URL(value).searchParams;
	const is = (name: string, bad: string) => query.get(name)?.trim().toLowerCase() === bad;
	return (
		is('ignoreTLS', 'true') ||
		is('requireTLS', 'false') ||
		is('tls.rejectUnauthorized', 'false') ||
		is('secure', 'false')
	);
}

/** The certificates in a PEM file, or null when it cannot be read or holds none. */
function pemCertificates(file: string): string | null {
	try {
		const pem = readFileSync(file, 'utf8');
		return pem.includes('-----BEGIN CERTIFICATE-----') ? pem : null;
	} catch {
		return null;
	}
}
/** ALLOWED_HOSTS as lower-case host names (IPv6 in brackets), or null when one is not a host. */
function hostList(value: string): string[] | null {
	const hosts = value
		.split(',')
		.map((host) => host.trim().toLowerCase())
		.filter(Boolean);
	const valid = (host: string) =>
		/^\[[0-9a-f:.]+\]$/.test(host) ||
		(/^[a-z0-9.-]+$/.test(host) &&
			!host.startsWith('.') &&
			!host.endsWith('.') &&
			host.split('.').every((label) => label.length >= 1 && label.length <= 63));
	return hosts.length && hosts.every(valid) ? hosts : null;
}
const loopback = (value: string) =>
	URL.canParse(value) && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname);
/** Values never repeated in an error message (logs are not the place for them). */
const SECRET = new Set([
	'SUPABASE_SECRET_KEY',
	'SUPABASE_PUBLISHABLE_KEY',
	'SUPABASE_ANON_KEY',
	'RATE_LIMIT_SALT',
	'NETLIFY_BUILD_HOOK_URL',
	'SMTP_URL',
	'NEWSLETTER_SECRET',
]);

const schema = z.object({
	SUPABASE_URL: url(['https:', 'http:'], 'must be the project URL, e.g. https://abcd.supabase.co'),
	SUPABASE_PUBLISHABLE_KEY: text(),
	// The name Supabase gave the publishable key before 2025; read when the new one is unset.
	SUPABASE_ANON_KEY: text(),
	SUPABASE_SECRET_KEY: text(),
	RATE_LIMIT_SALT: text(),
	RATE_LIMIT_PER_HOUR: whole(1, 1_000_000, 'must be a whole number of requests, at least 1'),
	SITE_URL: url(
		['https:', 'http:'],
		'must be an http(s) address, e.g. https://contech.example.com',
	),
	// Netlify sets URL during its builds; SITE_URL overrides it.
	URL: url(['https:', 'http:'], 'must be an http(s) address'),
	// Netlify's deploy addresses (branch and deploy previews): the functions accept posts from them.
	DEPLOY_PRIME_URL: url(['https:', 'http:'], 'must be an http(s) address'),
	DEPLOY_URL: url(['https:', 'http:'], 'must be an http(s) address'),
	CONTACT_URL: url(['https:', 'http:'], 'must be an http(s) address'),
	// Not `text()`: an empty LOGO_URL_TEMPLATE means "no logos, monograms only", not "unset".
	LOGO_URL_TEMPLATE: z
		.string()
		.trim()
		.optional()
		.refine((value) => {
			if (!value) return true;
			const example = value.replaceAll('{host}', 'example.com');
			return (
				value.includes('{host}') &&
				URL.canParse(example) &&
				(new URL(example).protocol === 'https:' ||
					(new URL(example).protocol === 'http:' && loopback(example)))
			);
		}, 'must be an https address containing {host}, e.g. https://icons.duckduckgo.com/ip3/{host}.ico (http only on loopback), or empty for no logos'),
	LOGO_CACHE_DIR: text(),
	// Not `text()`: an empty OUTBOUND_REF means "no ref parameter", not "unset".
	OUTBOUND_REF: z.string().optional(),
	NETLIFY_BUILD_HOOK_URL: url(
		['https:', 'http:'],
		'must be the build hook address Netlify gave you',
	),
	REBUILD_COALESCE_SECONDS: whole(0, 3600, 'must be a whole number of seconds (0-3600)'),
	REBUILD_BACKOFF_MS: whole(0, 600_000, 'must be a whole number of milliseconds'),
	SMTP_URL: url(
		['smtp:', 'smtps:'],
		'must look like smtps://user:pass@smtp.example.com:465',
	).refine(
		(value) => value === undefined || !weakensTls(value),
		'must not turn TLS or certificate checks off (ignoreTLS, requireTLS=false, tls.rejectUnauthorized=false): trust a private certificate with SMTP_CA_FILE',
	),
	// A private authority (PEM) the SMTP server's certificate is checked against, besides the
	// system's: a relay with an in-house certificate, or the tests' server.
	SMTP_CA_FILE: text().refine(
		(value) => value === undefined || pemCertificates(value) !== null,
		'must be the path of a readable PEM file holding at least one certificate',
	),
	MAIL_FROM: text(),
	OUTBOX_DIR: text(),
	NEWSLETTER_SECRET: text().refine(
		(value) => value === undefined || value.length >= 32,
		'must be a random string of at least 32 characters (it signs the confirm and unsubscribe links)',
	),
	NEWSLETTER_RATE_PER_SECOND: text().refine(
		(value) => value === undefined || (/^\d+(\.\d+)?$/.test(value) && +value <= 10_000),
		'must be a number of messages per second, 0 or more (0: no limit)',
	),
	NEWSLETTER_PREVIEW_DIR: text(),
	NEWSLETTER_RETRY_BACKOFF_MS: whole(
		0,
		600_000,
		'must be a whole number of milliseconds (the first wait before a deferred message is tried again)',
	),
	OUTBOUND_TIMEOUT_MS: whole(100, 120_000, 'must be a whole number of milliseconds (100-120000)'),
	// Tests only (record 0027): link checks and logo fetches may reach loopback addresses (the
	// tests' own servers). Refused with SUPABASE_URL; private and metadata addresses stay refused.
	OUTBOUND_ALLOW_LOOPBACK: text().refine(
		(value) => value === undefined || value === '1' || value === '0',
		'must be 1 (tests only: link checks and logo fetches may reach loopback servers) or 0',
	),
	PORT: port(),
	// npm start's listening address: loopback unless you mean to serve your network.
	HOST: text(),
	// Host names npm start answers besides its own address's, localhost and 127.0.0.1 (record
	// 0027): a LAN address or a proxy's name. Any other Host header is refused (DNS rebinding).
	ALLOWED_HOSTS: text().refine(
		(value) => value === undefined || hostList(value) !== null,
		'must be host names or IP addresses separated by commas, without scheme, port or path (e.g. "192.168.1.20,directory.lan")',
	),
	EMBEDDED_DB_DIR: text(),
	EMBEDDED_DB_PORT: port(),
	EMBEDDED_DB_DEFAULT_PORT: port(),
	ASTRO_OUT_DIR: text(),
});
type Raw = z.output<typeof schema>;

/** Every variable the configuration reads (documented in .env.example and the README). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Raw)[];

/** The rules that only hold in production, and the keys each role needs there. */
function productionProblems(
	raw: Partial<Record<keyof Raw, string | undefined>>,
	role: ConfigRole,
): string[] {
	if (!raw.SUPABASE_URL) return [];
	const problems: string[] = [];
	if (!raw.SUPABASE_URL.startsWith('https:') && !loopback(raw.SUPABASE_URL))
		problems.push('SUPABASE_URL must use https (plain http only for a local Supabase on loopback)');
	const publishable = raw.SUPABASE_PUBLISHABLE_KEY ?? raw.SUPABASE_ANON_KEY;
	if (publishable?.startsWith('sb_secret_'))
		problems.push(
			'SUPABASE_PUBLISHABLE_KEY holds a secret key (sb_secret_…): use the publishable key (sb_publishable_…) and rotate the secret one',
		);
	if (role === 'build' && !publishable)
		problems.push(
			'SUPABASE_URL is set but SUPABASE_PUBLISHABLE_KEY is not: the build reads with the publishable key',
		);
	if ((role === 'functions' || role === 'editor') && !raw.SUPABASE_SECRET_KEY)
		problems.push(
			`SUPABASE_URL is set but SUPABASE_SECRET_KEY is not: the ${role === 'editor' ? 'editor' : 'functions'} write with the secret key (Supabase dashboard → Project Settings → API keys)`,
		);
	// The editor checks it only where it signs links (`newsletter send`): its other commands run without.
	if (role === 'functions' && !raw.NEWSLETTER_SECRET)
		problems.push(
			"SUPABASE_URL is set but NEWSLETTER_SECRET is not: the functions sign the newsletter's links with it (a random string of at least 32 characters)",
		);
	if (raw.OUTBOUND_ALLOW_LOOPBACK === '1')
		problems.push(
			'OUTBOUND_ALLOW_LOOPBACK=1 is for tests only: with SUPABASE_URL set, link checks and logo fetches never reach this machine',
		);
	if (role === 'functions' && !raw.RATE_LIMIT_SALT)
		problems.push(
			'SUPABASE_URL is set but RATE_LIMIT_SALT is not: set a long random string, so client addresses cannot be guessed from their hashes',
		);
	return problems;
}

export type Backend =
	| { kind: 'supabase'; url: string; publishableKey?: string; secretKey?: string }
	| { kind: 'embedded'; db: EmbeddedDbConfig };

export interface MailSettings {
	/** SMTP when set; otherwise each message is an .eml file in `outboxDir`. */
	smtpUrl?: string;
	/** Extra trusted certificates (PEM) for the SMTP server's, from SMTP_CA_FILE. */
	ca?: string;
	from: string;
	outboxDir: string;
}

export interface Config {
	/** Supabase when SUPABASE_URL is set, otherwise the embedded database: chosen here only. */
	backend: Backend;
	/** The canonical address: SITE_URL, else Netlify's URL, else this machine's `npm start`. */
	siteUrl: string;
	/** Whether SITE_URL or Netlify's URL set it (else the editor asks the running `npm start`). */
	siteUrlGiven: boolean;
	/** The addresses Netlify gives a deploy (set by Netlify; unset elsewhere). */
	netlifyUrls: { main?: string; primeDeploy?: string; deploy?: string };
	contactUrl: string;
	/** Where the build fetches each tool's logo from (`{host}`), or null: monograms only. */
	logoUrlTemplate: string | null;
	/** The fetched logos, kept across builds (src/features/logos/cache.server.ts). */
	logoCacheDir: string;
	/** undefined: the site name as a slug; '': no `ref` parameter on outbound links. */
	outboundRef: string | undefined;
	/**
	 * `salt`: RATE_LIMIT_SALT, else (embedded database) the one `npm start` generated for the data
	 * directory; unset only where nothing is counted, or before a first `npm start`.
	 */
	rateLimit: { salt?: string; perHour: number };
	rebuild: { hookUrl?: string; coalesceSeconds: number; backoffMs: number };
	mail: MailSettings;
	newsletter: {
		/**
		 * Signs the e-mailed links: NEWSLETTER_SECRET, else (embedded database) the one `npm start`
		 * generated for the data directory (record 0027); never a value in the repository.
		 */
		secret?: string;
		/** The default of `newsletter send --rate` (0: no limit). */
		ratePerSecond: number;
		/** First wait before a message the server deferred (4xx) is tried again, doubling. */
		retryBackoffMs: number;
		previewDir: string;
	};
	/** Every outbound call (Supabase, SMTP, build hook, the live-page check) gives up after this. */
	outboundTimeoutMs: number;
	/** Link checks and logo fetches may reach loopback addresses (tests only, record 0027). */
	outboundAllowLoopback: boolean;
	port: number;
	host: string;
	/** Host names `npm start` answers besides its address's own, localhost and 127.0.0.1. */
	allowedHosts: string[];
	/** Where `astro build` writes the site (Netlify publishes it; `npm start -- --no-build` serves it). */
	outDir: string;
	/** Where `npm start` and the editor's local rebuilds keep the site's releases: `.data/releases` beside outDir. */
	releasesDir: string;
}

export const DEFAULT_CONTACT_URL = 'https://www.linkedin.com/company/construction-tech-directory/';

/** Validates `env` for `role`; throws a ConfigError listing every problem. */
export function parseConfig(env: NodeJS.ProcessEnv, role: ConfigRole): Config {
	const parsed = schema.safeParse(env);
	const shown = (name: string) => (SECRET.has(name) ? '' : ` (got "${env[name]}")`);
	const problems = [
		...(parsed.error?.issues ?? []).map(
			(issue) => `${issue.path.join('.')} ${issue.message}${shown(String(issue.path[0]))}`,
		),
		// Checked on the raw values too, so one run lists every problem, not the first kind.
		...productionProblems(
			Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name] || undefined])),
			role,
		),
	];
	if (problems.length || !parsed.success) throw new ConfigError(problems);
	const raw = parsed.data;
	const port = Number(raw.PORT ?? 8888);
	const hookUrl = raw.NETLIFY_BUILD_HOOK_URL;
	const backend: Backend = raw.SUPABASE_URL
		? {
				kind: 'supabase',
				url: raw.SUPABASE_URL,
				publishableKey: raw.SUPABASE_PUBLISHABLE_KEY ?? raw.SUPABASE_ANON_KEY,
				secretKey: raw.SUPABASE_SECRET_KEY,
			}
		: {
				kind: 'embedded',
				db: embeddedDbConfig({
					EMBEDDED_DB_DIR: raw.EMBEDDED_DB_DIR,
					EMBEDDED_DB_PORT: raw.EMBEDDED_DB_PORT,
					EMBEDDED_DB_DEFAULT_PORT: raw.EMBEDDED_DB_DEFAULT_PORT,
				}),
			};
	// No default in the repository (record 0027): unset, the embedded database uses the secret
	// `npm start` generated for its data directory, if it has; otherwise nothing is signed.
	const generated = (name: LocalSecret) => {
		if (backend.kind !== 'embedded') return undefined;
		try {
			return readLocalSecret(backend.db.dataDir, name);
		} catch (error) {
			throw new ConfigError([`${name} is unset and ${(error as Error).message}`]);
		}
	};
	return {
		backend,
		siteUrl: raw.SITE_URL ?? raw.URL ?? `http://localhost:${port}`,
		siteUrlGiven: (raw.SITE_URL ?? raw.URL) !== undefined,
		netlifyUrls: { main: raw.URL, primeDeploy: raw.DEPLOY_PRIME_URL, deploy: raw.DEPLOY_URL },
		contactUrl: raw.CONTACT_URL ?? DEFAULT_CONTACT_URL,
		logoUrlTemplate:
			raw.LOGO_URL_TEMPLATE === undefined
				? DEFAULT_LOGO_URL_TEMPLATE
				: raw.LOGO_URL_TEMPLATE || null,
		// Under node_modules/.cache, which Netlify keeps between builds (as Astro's own image cache).
		logoCacheDir: raw.LOGO_CACHE_DIR ?? 'node_modules/.cache/contech-logos',
		outboundRef: raw.OUTBOUND_REF,
		rateLimit: {
			salt: raw.RATE_LIMIT_SALT ?? generated('RATE_LIMIT_SALT'),
			perHour: Number(raw.RATE_LIMIT_PER_HOUR ?? 5),
		},
		rebuild: {
			hookUrl,
			// With a hook, approvals made within 10 s share one Netlify build; locally, build at once.
			coalesceSeconds: Number(raw.REBUILD_COALESCE_SECONDS ?? (hookUrl ? 10 : 0)),
			backoffMs: Number(raw.REBUILD_BACKOFF_MS ?? 2000),
		},
		mail: {
			smtpUrl: raw.SMTP_URL,
			ca: raw.SMTP_CA_FILE ? pemCertificates(raw.SMTP_CA_FILE)! : undefined,
			from: raw.MAIL_FROM ?? `${SITE_NAME} <no-reply@localhost>`,
			outboxDir: raw.OUTBOX_DIR ?? '.data/outbox',
		},
		newsletter: {
			secret: raw.NEWSLETTER_SECRET ?? generated('NEWSLETTER_SECRET'),
			ratePerSecond: Number(raw.NEWSLETTER_RATE_PER_SECOND ?? 0),
			retryBackoffMs: Number(raw.NEWSLETTER_RETRY_BACKOFF_MS ?? 5000),
			previewDir: raw.NEWSLETTER_PREVIEW_DIR ?? '.data/newsletter',
		},
		outboundTimeoutMs: Number(raw.OUTBOUND_TIMEOUT_MS ?? 8000),
		outboundAllowLoopback: raw.OUTBOUND_ALLOW_LOOPBACK === '1',
		port,
		host: raw.HOST ?? '127.0.0.1',
		allowedHosts: raw.ALLOWED_HOSTS ? hostList(raw.ALLOWED_HOSTS)! : [],
		outDir: raw.ASTRO_OUT_DIR ?? 'dist',
		releasesDir: path.join(
			path.dirname(path.resolve(raw.ASTRO_OUT_DIR ?? 'dist')),
			'.data/releases',
		),
	};
}

/**
 * The functions' configuration, or the error every request is then answered with: a warm
 * function module must load (and answer 503) whatever the environment says.
 */
export function functionsConfig(
	env: NodeJS.ProcessEnv,
): { config: Config; error?: undefined } | { config?: undefined; error: ConfigError } {
	try {
		return { config: parseConfig(env, 'functions') };
	} catch (error) {
		if (!(error instanceof ConfigError)) throw error;
		return { error };
	}
}

/** The configuration of this process (`process.env`): each entry point calls it once, at start. */
export function loadConfig(role: ConfigRole): Config {
	return parseConfig(process.env, role);
}
