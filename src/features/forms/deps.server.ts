import { createHmac, randomBytes } from 'node:crypto';
import { functionsConfig } from '../../lib/config.server.ts';
import { embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { dropSharedEmbeddedPool, sharedEmbeddedPool } from '../../lib/store/embedded.server.ts';
import { embeddedFormStore, supabaseFormStore } from '../../lib/store/form-store.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import type { FormStore } from '../../lib/store/types.ts';
import type { FormDeps } from './handlers.server.ts';
import { originsOf } from './http.server.ts';

/** The fixed `source` written with every subscription made on this website. */
export const NEWSLETTER_SOURCE = 'contech-directory-website';

/**
 * The functions' dependencies from the environment: Supabase with the secret key or the
 * running embedded database (never started from here; one pool shared by the warm functions),
 * as the configuration chose. A wrong configuration is logged in full at start and every
 * request gets the JSON 503: nothing is written.
 */
export function formDepsFromEnv(env: NodeJS.ProcessEnv = process.env): FormDeps {
	const { config, error: configError } = functionsConfig(env);
	if (configError) console.error(`The functions refuse to write: ${configError.message}`);
	type Opened = { store: FormStore; close: () => void };
	let opened: Promise<Opened> | undefined;
	const open = async (): Promise<Opened> => {
		if (!config) throw configError!;
		const { backend } = config;
		if (backend.kind === 'supabase') {
			const client = supabaseClient(
				backend.url,
				backend.secretKey!,
				fetch,
				config.outboundTimeoutMs,
			);
			return { store: supabaseFormStore(client), close: () => {} };
		}
		const url = embeddedDbUrl(backend.db);
		return {
			store: embeddedFormStore(sharedEmbeddedPool(url)),
			close: () => dropSharedEmbeddedPool(url),
		};
	};
	// RATE_LIMIT_SALT, or the one npm start generated (record 0027); where neither exists (a test's
	// own database) a salt of this process alone: never a value anyone else can know.
	const salt = config?.rateLimit.salt ?? randomBytes(32).toString('hex');
	return {
		store: async () =>
			(await (opened ??= open().catch((error) => ((opened = undefined), Promise.reject(error)))))
				.store,
		dropStore: () => {
			const failed = opened;
			opened = undefined;
			void failed?.then((handle) => handle.close()).catch(() => {});
		},
		storeTimeoutMs: config?.outboundTimeoutMs,
		// Netlify sets URL (the main address), DEPLOY_PRIME_URL and DEPLOY_URL (previews).
		siteOrigins: originsOf([
			config?.siteUrl,
			config?.netlifyUrls.main,
			config?.netlifyUrls.primeDeploy,
			config?.netlifyUrls.deploy,
		]),
		source: NEWSLETTER_SOURCE,
		rateLimit: { max: config?.rateLimit.perHour ?? 5, windowSeconds: 3600 },
		clientHash: (ip) => createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32),
		logError: (message) => console.error(message),
	};
}
