import { createHmac } from 'node:crypto';
import { embeddedDbConfig, embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { sharedEmbeddedPool } from '../../lib/store/embedded.server.ts';
import { embeddedFormStore, supabaseFormStore } from '../../lib/store/form-store.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import type { FormStore } from '../../lib/store/types.ts';
import type { FormDeps } from './handlers.server.ts';

/** The fixed `source` written with every subscription made on this website. */
export const NEWSLETTER_SOURCE = 'contech-directory-website';

const DEV_SALT = 'local-development-only-rate-limit-salt';

function positiveInt(value: string | undefined, fallback: number): number {
	const parsed = Number(value);
	return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** A database that does not answer within this time is a 503, not a request left hanging. */
const QUERY_TIMEOUT_MS = 10_000;

/** `store` with every call limited to QUERY_TIMEOUT_MS (a rejection the handlers map to 503). */
function timeLimited(store: FormStore): FormStore {
	const limit =
		<A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
		(...args: A) => {
			let timer: NodeJS.Timeout | undefined;
			const timeout = new Promise<never>((_, reject) => {
				timer = setTimeout(
					() => reject(new Error(`no answer from the database in ${QUERY_TIMEOUT_MS / 1000} s`)),
					QUERY_TIMEOUT_MS,
				);
			});
			return Promise.race([call(...args), timeout]).finally(() => clearTimeout(timer));
		};
	return {
		subscribe: limit(store.subscribe.bind(store)),
		submitTool: limit(store.submitTool.bind(store)),
		hitRateLimit: limit(store.hitRateLimit.bind(store)),
	};
}

/**
 * The functions' dependencies from the environment: Supabase with the secret key when
 * SUPABASE_URL is set, otherwise the running embedded database (never started from here).
 */
export function formDepsFromEnv(env: NodeJS.ProcessEnv = process.env): FormDeps {
	let opened: Promise<FormStore> | undefined;
	const open = async (): Promise<FormStore> => {
		if (env.SUPABASE_URL) {
			if (!env.SUPABASE_SECRET_KEY)
				throw new Error('SUPABASE_SECRET_KEY is not set for the functions');
			return supabaseFormStore(supabaseClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY));
		}
		return timeLimited(embeddedFormStore(sharedEmbeddedPool(embeddedDbUrl(embeddedDbConfig(env)))));
	};
	const salt = env.RATE_LIMIT_SALT || DEV_SALT;
	return {
		store: () =>
			(opened ??= open().catch((error) => ((opened = undefined), Promise.reject(error)))),
		source: NEWSLETTER_SOURCE,
		rateLimit: { max: positiveInt(env.RATE_LIMIT_PER_HOUR, 5), windowSeconds: 3600 },
		clientHash: (ip) => createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32),
		logError: (message) => console.error(message),
	};
}
