import { type Config, functionsConfig } from '../../lib/config.server.ts';
import { embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { createMailer, type Mailer } from '../../lib/mail.server.ts';
import {
	connectEmbedded,
	dropSharedEmbeddedPool,
	sharedEmbeddedPool,
} from '../../lib/store/embedded.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import { type NewsletterConfig, newsletterConfigOf } from './config.server.ts';
import { type SiteInfo, siteInfoOf } from './site-info.ts';
import {
	embeddedNewsletterStore,
	type NewsletterStore,
	supabaseNewsletterStore,
} from './store.server.ts';

/** What the subscribe function's newsletter parts need; tests pass their own. */
export interface NewsletterDeps {
	/** The store, opened on first use; a rejection means it is unavailable (503). */
	store: () => Promise<NewsletterStore>;
	mailer: Mailer;
	/** Throws on a wrong configuration, so a missing secret is a clear 503 and a log line, not a crash. */
	config: () => NewsletterConfig;
	site: (config: NewsletterConfig) => SiteInfo;
	/**
	 * Called after a store call failed: a pool that saw its database die can leave queries
	 * that never settle, so the next call starts from a fresh one (as the forms do).
	 */
	dropStore?: () => void;
	/** How long a store call may take before the link answers 503. */
	storeTimeoutMs?: number;
	/** The clock, in ms (tests move it to check expiry). */
	now?: () => number;
	logError?: (message: string) => void;
}

function supabaseStore(config: Config, url: string, secretKey: string): NewsletterStore {
	return supabaseNewsletterStore(supabaseClient(url, secretKey, fetch, config.outboundTimeoutMs));
}

/** The editor's store with the server's privileges, on a connection of its own (closed with it). */
export function openNewsletterStore(config: Config): NewsletterStore {
	const { backend } = config;
	if (backend.kind === 'supabase') return supabaseStore(config, backend.url, backend.secretKey!);
	return embeddedNewsletterStore(connectEmbedded(embeddedDbUrl(backend.db)), true);
}

/**
 * The subscribe function's newsletter parts, as the configuration chose. On the embedded
 * database they use the pool the warm functions share (npm start serves both in one process),
 * looked up on every call so a pool dropped after a failure is replaced. A wrong configuration
 * (the form deps log it in full at start) makes every call fail, which the handlers answer 503.
 */
export function newsletterDepsFromEnv(env: NodeJS.ProcessEnv = process.env): NewsletterDeps {
	const { config, error: configError } = functionsConfig(env);
	const configured = (): Config => {
		if (!config) throw configError!;
		return config;
	};
	let supabase: NewsletterStore | undefined;
	let embeddedUrl: string | undefined;
	const store = async (): Promise<NewsletterStore> => {
		const { backend } = configured();
		if (backend.kind === 'supabase')
			return (supabase ??= supabaseStore(config!, backend.url, backend.secretKey!));
		return embeddedNewsletterStore(sharedEmbeddedPool((embeddedUrl ??= embeddedDbUrl(backend.db))));
	};
	// Short enough that a stuck SMTP server still leaves the function time to answer 503.
	const mailer: Mailer = config
		? createMailer(config.mail, { timeoutMs: Math.min(3000, config.outboundTimeoutMs) })
		: async () => {
				throw configError!;
			};
	let resolved: NewsletterConfig | undefined;
	return {
		store,
		dropStore: () => {
			if (embeddedUrl) dropSharedEmbeddedPool(embeddedUrl);
		},
		storeTimeoutMs: config?.outboundTimeoutMs,
		mailer,
		config: () => (resolved ??= newsletterConfigOf(configured())),
		site: () => siteInfoOf(configured()),
		logError: (message) => console.error(message),
	};
}
