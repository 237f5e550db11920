import { embeddedDbConfig, embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { type Mailer, mailerFromEnv } from '../../lib/mail.server.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { connectEmbedded } from '../../lib/store/embedded.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import { type NewsletterConfig, newsletterConfigFromEnv } from './config.server.ts';
import { type SiteInfo, siteInfoFromEnv } from './site-info.ts';
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
	/** Read on first use, so a missing secret is a clear 503 and a log line, not a crash. */
	config: () => NewsletterConfig;
	site: (config: NewsletterConfig) => SiteInfo;
	/** The clock, in ms (tests move it to check expiry). */
	now?: () => number;
	logError?: (message: string) => void;
}

/** The store with the server's privileges: Supabase with the secret key, or the embedded one. */
export function newsletterStoreFromEnv(env: NodeJS.ProcessEnv = process.env): NewsletterStore {
	if (env.SUPABASE_URL) {
		if (!env.SUPABASE_SECRET_KEY) throw new Error('SUPABASE_SECRET_KEY is not set');
		return supabaseNewsletterStore(supabaseClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY));
	}
	return embeddedNewsletterStore(connectEmbedded(embeddedDbUrl(embeddedDbConfig(env))), true);
}

export function newsletterDepsFromEnv(env: NodeJS.ProcessEnv = process.env): NewsletterDeps {
	let opened: Promise<NewsletterStore> | undefined;
	let config: NewsletterConfig | undefined;
	return {
		store: () =>
			(opened ??= Promise.resolve()
				.then(() => newsletterStoreFromEnv(env))
				.catch((error) => ((opened = undefined), Promise.reject(error)))),
		// Short enough that a stuck SMTP server still leaves the function time to answer 503.
		mailer: mailerFromEnv(env, { timeoutMs: 3000 }),
		config: () => (config ??= newsletterConfigFromEnv(env)),
		site: (resolved) => siteInfoFromEnv(env, SITE_NAME, resolved.siteUrl),
		logError: (message) => console.error(message),
	};
}
