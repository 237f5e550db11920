import type { PGlite } from '@electric-sql/pglite';

/**
 * Runs one frontend protocol message on PGlite and returns the backend's reply bytes, keeping
 * nothing. PGlite's `execProtocolRaw` also parses every reply message into the instance's
 * current result list, which only `execProtocol`/`query`/`exec` replace (PGlite 0.5.14): used
 * alone, as a wire server does, that list keeps every message of every query ever run, about
 * 1 KB of JavaScript heap per request (measured under record 0012's load: the database owner's live
 * heap grew by 4 MB per 20 s run, and V8 sized the heap several times that). The stream variant
 * hands over the raw bytes without parsing them. It leaves its callback installed until the
 * next `query`/`exec`, which install their own; PGlite's `close()` sends its Terminate through
 * the stale one and ignores the answer, so nothing is lost.
 */
export async function execRaw(db: PGlite, message: Uint8Array): Promise<Uint8Array> {
	const chunks: Uint8Array[] = [];
	// The chunk is a view into PGlite's WASM memory, reused by the next write: copy it.
	await db.execProtocolRawStream(message, { onRawData: (data) => chunks.push(data.slice()) });
	if (chunks.length === 1) return chunks[0];
	return Buffer.concat(chunks);
}
