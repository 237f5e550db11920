import type { Config } from '../config.server.ts';
import { openEmbeddedCatalogue } from './embedded.server.ts';
import { supabaseCatalogueReader, supabaseClient } from './supabase.server.ts';
import type { CatalogueReader } from './types.ts';

/**
 * The catalogue as the public sees it: Supabase with the publishable key, or the embedded
 * database, as the configuration chose (`loadConfig('build')` has checked the key is there).
 */
export async function openCatalogueReader(config: Config): Promise<CatalogueReader> {
	const { backend } = config;
	if (backend.kind === 'supabase')
		return supabaseCatalogueReader(
			supabaseClient(backend.url, backend.publishableKey!, fetch, config.outboundTimeoutMs),
		);
	return openEmbeddedCatalogue(backend.db);
}
