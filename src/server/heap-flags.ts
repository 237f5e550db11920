/**
 * V8 flags of `npm start`'s two long-lived processes: the server (package.json's `start` script
 * runs `node` with them) and the database owner (database.ts spawns it with its own list).
 *
 * The server allocates fast under load (requests, e-mails, the functions' React rendering) and
 * V8 sizes its heap from the machine's memory: with 24 GB it let the young generation grow to
 * 128 MB and the old one well past what stays live (record 0007), and by default holds on to
 * it. 8 MB semi-spaces bound the young generation; `--heap-growing-percent=50` lets the old one
 * grow to 1.5 times what survived the last full collection, where V8 would pick up to 4 times.
 * `--optimize-for-size` held the server lower still (147-150 MB after the load, against 175-178
 * with these flags and 270-287 with neither) but cost a sixth of the throughput: on two cores
 * the server's collections and code are the site's, not the database's, bottleneck (record
 * 0012, 2026-11-28).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * The database owner's flags. `--optimize-for-size` with 16 MB semi-spaces (the server had it too):
 * after 15 s of sign-ups and submissions the owner held 152-154 MB instead of 198-204 (record
 * 0007 had capped the semi-spaces alone). PGlite's WebAssembly (9 MB of Postgres) is left to
 * Liftoff, V8's baseline compiler: by default V8 recompiles its hot functions with TurboFan in
 * background threads, about 70 MB more resident code and compiler memory, and passing peaks of
 * 100-250 MB while it compiles, for no throughput the owner gains on two busy cores (930-1,000
 * calls/s with Liftoff against 570-800 with TurboFan, back to back). `--expose-gc` lets the
 * owner collect initdb's instance once (server.server.ts). Measured in decision record 0012.
 */
export const DATABASE_OWNER_NODE_FLAGS = [
	'--max-semi-space-size=16',
	'--optimize-for-size',
	'--expose-gc',
	'--no-wasm-dynamic-tiering',
	'--no-wasm-tier-up',
];
