/**
 * Runs `run` on every item, `size` at a time, each batch after the last: tens of thousands of
 * file operations started at once would only queue in libuv's thread pool.
 */
export async function eachInBatches<T>(
	items: readonly T[],
	size: number,
	run: (item: T) => Promise<unknown>,
): Promise<void> {
	for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}
