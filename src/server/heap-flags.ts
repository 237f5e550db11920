/**
 * V8 flags of `npm start`'s two long-lived processes: the server (package.json's `start` script
 * runs `node` with them) and the database owner (database.ts spawns it with its own list).
 *
 * The server allocates fast under load (requests, e-mails, the functions' React rendering) and
 * V8 sizes its heap from the machine's memory: with 24 GB it let the young generation grow to
 * 128 MB and the old one well past what stays live (record 0007), and by default holds on to
 * it. 8 MB semi-spaces bound the young generation, and `--optimize-for-size` makes V8 keep its
 * code and heaps small (the server held 117-122 MB at rest with it, 132 MB without). Alone it also
 * kept the old generation close to what survived each full collection, so under load the server
 * collected a fifth of the time and set the pace of the whole site (on two cores the server, not
 * the database, is the bottleneck); `--heap-growing-percent=50` lets the old generation grow to
 * 1.5 times that: ×1.14 requests/s, 157-161 MB after the load instead of 147-150 (V8's default
 * growth: 270-287 MB). Record 0012, 2026-11-28.
 */
export const SERVER_NODE_FLAGS = [
	'--max-semi-space-size=8',
	'--optimize-for-size',
	'--heap-growing-percent=50',
];

/**
 * The database owner's flags. `--optimize-for-size` with 16 MB semi-spaces, as for the server:
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
