/**
 * V8 flags of `npm start`'s two long-lived processes: the server (package.json's `start` script
 * runs `node` with them; tests/server/heap-flags.test.ts holds the two equal) and the database
 * owner (embedded-db/owner-process.server.ts spawns it with its own list and allocator setting).
 * In lib, not server/, because the owner is started from here. Why each flag, with the
 * measurements: decision records 0007, 0012 and 0026.
 */

/**
 * The server: 16 MB semi-spaces bound its young generation (V8 sizes it from the machine's
 * memory otherwise), and the old generation grows to 1.5 times what survived its last full
 * collection rather than four times. Not `--optimize-for-size`: it forces 1 MB semi-spaces
 * whatever `--max-semi-space-size` says, and the server then collects every megabyte.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/**
 * The database owner: its JavaScript heap is small (PGlite's memory is WebAssembly's), and
 * `--optimize-for-size` keeps it so; `--expose-gc` lets it collect initdb's instance once
 * (embedded-db/server.server.ts).
 */
export const DATABASE_OWNER_NODE_FLAGS = ['--optimize-for-size', '--expose-gc'];

/**
 * The owner's allocator (glibc's tunable; other C libraries ignore it): blocks from 64 KB up are
 * mapped on their own and returned when freed, so PGlite's large short-lived buffers do not stay
 * in heaps glibc keeps.
 */
export const DATABASE_OWNER_MALLOC = 'glibc.malloc.mmap_threshold=65536';
