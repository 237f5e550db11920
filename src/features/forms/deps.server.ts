import { createHmac } from 'node:crypto';
import { ConfigError, parseConfig } from '../../lib/config.server.ts';
import { embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { sharedEmbeddedPool } from '../../lib/store/embedded.server.ts';
import { embeddedFormStore, supabaseFormStore } from '../../lib/store/form-store.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import type { FormStore } from '../../lib/store/types.ts';
import type { FormDeps } from './handlers.server.ts';

/** The fixed `source` written with every subscription made on this website. */
export const NEWSLETTER_SOURCE = 'contech-directory-website';

/** `store` with every call limited to `timeoutMs` (a rejection the handlers map to 503). */
function timeLimited(store: FormStore, timeoutMs: number): FormStore {
	const limit =
		<A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
		(...args: A) => {
			let timer: NodeJS.Timeout | undefined;
			const timeout = new Promise<never>((_, reject) => {
				timer = setTimeout(
					() => reject(new Error(`no answer from the database in ${timeoutMs / 1000} s`)),
					timeoutMs,
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
 * The functions' dependencies from the environment: Supabase with the secret key or the
 * running embedded database (never started from here; one pool shared by the warm functions),
 * as the configuration chose. A wrong configuration is logged in full at start and every
 * request gets the JSON 503: nothing is written.
 */
export function formDepsFromEnv(env: NodeJS.ProcessEnv = process.env): FormDeps {
	let config: ReturnType<typeof parseConfig> | undefined;
	let configError: ConfigError | undefined;
	try {
		config = parseConfig(env, 'functions');
	} catch (error) {
		if (!(error instanceof ConfigError)) throw error;
		configError = error;
		console.error(`The functions refuse to write: ${error.message}`);
	}
	let opened: Promise<FormStore> | undefined;
	const open = async (): Promise<FormStore> => {
		if (!config) throw configError!;
		const { backend } = config;
		if (backend.kind === 'supabase')
			return supabaseFormStore(
				supabaseClient(backend.url, backend.secretKey!, fetch, config.outboundTimeoutMs),
			);
		return timeLimited(
			embeddedFormStore(sharedEmbeddedPool(embeddedDbUrl(backend.db))),
			config.outboundTimeoutMs,
		);
	};
	const salt = config?.rateLimit.salt ?? '';
	return {
		store: () =>
			(opened ??= open().catch((error) => ((opened = undefined), Promise.reject(error)))),
		source: NEWSLETTER_SOURCE,
		rateLimit: { max: config?.rateLimit.perHour ?? 5, windowSeconds: 3600 },
		clientHash: (ip) => createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32),
		logError: (message) => console.error(message),
	};
}
