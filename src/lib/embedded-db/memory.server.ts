import { PGlite } from '@electric-sql/pglite';

/**
 * Postgres settings of the embedded database, on top of PGlite's own start parameters (which a
 * `startParams` option replaces, so they are kept). PGlite's data directory says
 * `shared_buffers = 128MB` (initdb's default): in WASM that is memory of the owner process, and
 * Postgres touches it page by page as it reads, so the owner held about 120 MB more than with
 * 16 MB, for a catalogue whose tables fit in a few. The files behind the buffers stay in the
 * operating system's page cache. Measured in decision record 0012.
 */
export const EMBEDDED_DB_SETTINGS = { shared_buffers: '16MB' } as const;

/** PGlite's start parameters with `EMBEDDED_DB_SETTINGS` (`-c name=value`, as postgres takes them). */
export function embeddedDbStartParams(): string[] {
	return [
		...PGlite.defaultStartParams,
		...Object.entries(EMBEDDED_DB_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
	];
}
