/**
 * V8 flags for the two long-lived processes of `npm start`: the server (package.json's `start`
 * script passes them through tsx) and the database owner (database.ts spawns it with them).
 *
 * V8 sizes the young generation from the machine's memory: with 24 GB it lets each process's
 * grow to 128 MB (64 MB semi-spaces) once requests allocate fast, and keeps it. Under issue 15's
 * load that step came in the first or the second run depending on timing, about 100 MB per
 * process, so memory "grew" between two identical runs without anything being kept. 16 MB
 * semi-spaces make it 32 MB, reached within seconds of load. A young-generation collection
 * costs in proportion to what survives it, and little of a request does: more frequent, smaller
 * collections (measured throughput: decision record 0007).
 */
export const NODE_HEAP_FLAGS = ['--max-semi-space-size=16'];
