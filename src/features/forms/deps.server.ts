import { createHmac } from 'node:crypto';
import { embeddedDbConfig, embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { connectEmbedded } from '../../lib/store/embedded.server.ts';
import { embeddedFormStore, supabaseFormStore } from '../../lib/store/form-store.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import type { FormStore } from '../../lib/store/types.ts';
import type { FormDeps } from './handlers.server.ts';
import { originsOf } from './http.server.ts';

/** The fixed `source` written with every subscription made on this website. */
export const NEWSLETTER_SOURCE = 'contech-directory-website';

const DEV_SALT = 'local-development-only-rate-limit-salt';

function positiveInt(value: string | undefined, fallback: number): number {
	const parsed = Number(value);
	return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * The functions' dependencies from the environment: Supabase with the secret key when
 * SUPABASE_URL is set, otherwise the running embedded database (never started from here).
 */
export function formDepsFromEnv(env: NodeJS.ProcessEnv = process.env): FormDeps {
	type Opened = { store: FormStore; close: () => Promise<unknown> };
	let opened: Promise<Opened> | undefined;
	const open = async (): Promise<Opened> => {
		if (env.SUPABASE_URL) {
			if (!env.SUPABASE_SECRET_KEY)
				throw new Error('SUPABASE_SECRET_KEY is not set for the functions');
			const client = supabaseClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY);
			return { store: supabaseFormStore(client), close: async () => {} };
		}
		const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(env)));
		return { store: embeddedFormStore(sql), close: () => sql.end({ timeout: 0 }) };
	};
	const salt = env.RATE_LIMIT_SALT || DEV_SALT;
	return {
		store: async () =>
			(await (opened ??= open().catch((error) => ((opened = undefined), Promise.reject(error)))))
				.store,
		dropStore: () => {
			const failed = opened;
			opened = undefined;
			void failed?.then((handle) => handle.close()).catch(() => {});
		},
		// Netlify sets URL (the main address), DEPLOY_PRIME_URL and DEPLOY_URL (previews).
		siteOrigins: originsOf([env.SITE_URL, env.URL, env.DEPLOY_PRIME_URL, env.DEPLOY_URL]),
		source: NEWSLETTER_SOURCE,
		rateLimit: { max: positiveInt(env.RATE_LIMIT_PER_HOUR, 5), windowSeconds: 3600 },
		clientHash: (ip) => createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32),
		logError: (message) => console.error(message),
	};
}
