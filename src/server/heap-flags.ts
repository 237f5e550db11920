/**
 * V8 flags of `npm start`'s two long-lived processes: the server (package.json's `start` script
 * runs `node` with them) and the database owner (owner-process.server.ts spawns it with its own
 * list and its allocator settings). Measured in decision records 0012 and 0026.
 *
 * The server allocates fast under load (requests, e-mails, the functions' React rendering) and
 * V8 sizes its heap from the machine's memory: with 24 GB it let the young generation grow to
 * 128 MB (record 0007). 16 MB semi-spaces bound the young generation, and
 * `--heap-growing-percent=50` lets the old generation grow to 1.5 times what survived its last
 * full collection, where V8's default lets it reach four times: 191-198 MB after the load check
 * instead of 274-285, for the same CPU per request. Not `--optimize-for-size`: it sets the
 * semi-spaces to 1 MB whatever `--max-semi-space-size` says, so the server collected its young
 * generation every megabyte and spent a third more CPU per request (record 0026).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/**
 * The database owner's flags. Its JavaScript heap is small (PGlite's memory is WebAssembly's);
 * `--optimize-for-size` keeps it so (1 MB semi-spaces: 187-201 MB after the load check against
 * 228-234 without). PGlite's WebAssembly tiers up to TurboFan as V8 does by default: 12% less
 * owner CPU per request than Liftoff alone, for about 10 MB more once the allocator returns the
 * compilers' memory (`DATABASE_OWNER_MALLOC`). `--expose-gc` lets the owner collect initdb's
 * instance once (server.server.ts).
 */
export const DATABASE_OWNER_NODE_FLAGS = ['--optimize-for-size', '--expose-gc'];

/**
 * The owner's allocator: glibc's tunable (ignored by other C libraries) fixing the size from
 * which `malloc` maps a block of its own and unmaps it when freed. By default glibc raises that
 * threshold up to 32 MB as large blocks are freed, so the owner's large, short-lived buffers
 * (PGlite's files and query results, the compilers' scratch memory) ended up in heaps glibc keeps:
 * 70-100 MB of the owner's 213-246 MB at rest, and the reason TurboFan had cost 70-100 MB more.
 * Fixed at 64 KB: 178-193 MB at rest with TurboFan (record 0026).
 */
export const DATABASE_OWNER_MALLOC = 'glibc.malloc.mmap_threshold=65536';
