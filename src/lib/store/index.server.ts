import { openEmbeddedCatalogue } from './embedded.server.ts';
import { supabaseCatalogueReader, supabaseClient } from './supabase.server.ts';
import type { CatalogueReader } from './types.ts';

/**
 * The catalogue as the public sees it: Supabase with the publishable key when
 * `SUPABASE_URL` is set, otherwise the embedded database.
 */
export async function openCatalogueReader(
	env: NodeJS.ProcessEnv = process.env,
): Promise<CatalogueReader> {
	if (env.SUPABASE_URL) {
		const key = env.SUPABASE_PUBLISHABLE_KEY ?? env.SUPABASE_ANON_KEY;
		if (!key)
			throw new Error(
				'SUPABASE_URL is set but SUPABASE_PUBLISHABLE_KEY is not: the build reads with the publishable key',
			);
		return supabaseCatalogueReader(supabaseClient(env.SUPABASE_URL, key));
	}
	return openEmbeddedCatalogue();
}
