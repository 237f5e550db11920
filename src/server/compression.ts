// Pages and assets compressed once per built file and kept in memory: brotli or gzip by the
// visitor's Accept-Encoding, `Vary: Accept-Encoding` on everything that could be compressed.
// Keyed by the file's inode, size and mtime, so a rebuilt dist/ (a new directory swapped in)
// never serves a stale body, and nothing is written into dist/ (tests and Netlify read it).
import { stat, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE =
	/^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

export const isCompressible = (contentType: string | null) =>
	contentType !== null && COMPRESSIBLE.test(contentType);

/** The best encoding the client accepts (brotli first), honouring `;q=0`. */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
	if (!acceptEncoding) return null;
	const accepted = new Map<string, number>();
	for (const part of acceptEncoding.split(',')) {
		const [name, ...params] = part.trim().toLowerCase().split(';');
		const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		accepted.set(name, q ? Number(q.slice(2)) : 1);
	}
	const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
	if (wants('br')) return 'br';
	if (wants('gzip')) return 'gzip';
	return null;
}

const brotli = promisify(zlib.brotliCompress);
const IMPROVE_AFTER_QUIET_MS = 5000;
const gzip = promisify(zlib.gzip);

/**
 * `fast` is for the first visitor of a new build (brotli 5, gzip 6: milliseconds, about 10%
 * larger); the best setting (brotli 11, gzip 9: a second or more for a page and its scripts
 * on a busy machine) then replaces it in the background. Very large pages stay at 7.
 */
function compress(data: Buffer, encoding: Encoding, fast: boolean): Promise<Buffer> {
	if (encoding === 'gzip') return gzip(data, { level: fast ? 6 : 9 });
	const quality = fast ? 5 : data.length <= 512 * 1024 ? 11 : 7;
	return brotli(data, {
		params: {
			[zlib.constants.BROTLI_PARAM_QUALITY]: quality,
			[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
			[zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
		},
	});
}

/** Compressed bodies of built files, at most `maxBytes` of them in memory. */
export class CompressedFiles {
	readonly #cache: LRUCache<string, Buffer>;
	readonly #pending = new Map<string, Promise<Buffer>>();
	readonly #improvements: { key: string; data: Buffer; encoding: Encoding }[] = [];
	#improveTimer: NodeJS.Timeout | undefined;

	constructor(maxBytes = 64 * 1024 * 1024) {
		this.#cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: (body) => body.length || 1 });
	}

	/** The file's body in `encoding`, compressed on first use. */
	async get(file: string, encoding: Encoding): Promise<Buffer> {
		const info = await stat(file);
		const key = `${encoding}:${info.ino}:${info.size}:${info.mtimeMs}:${file}`;
		const cached = this.#cache.get(key);
		if (cached) return cached;
		let pending = this.#pending.get(key);
		if (!pending) {
			pending = readFile(file)
				.then(async (data) => {
					const body = await compress(data, encoding, true);
					this.#cache.set(key, body);
					this.#improveLater(key, data, encoding);
					return body;
				})
				.finally(() => this.#pending.delete(key));
			this.#pending.set(key, pending);
		}
		return pending;
	}

	/**
	 * Replaces a fast body with the best one, one file at a time and only once the server has
	 * been quiet for a moment: right after a rebuild, the first visitors' pages and scripts (and
	 * the browser showing them, on one machine) need the CPU more than a 10% smaller body.
	 */
	#improveLater(key: string, data: Buffer, encoding: Encoding) {
		this.#improvements.push({ key, data, encoding });
		clearTimeout(this.#improveTimer);
		this.#improveTimer = setTimeout(() => void this.#improveAll(), IMPROVE_AFTER_QUIET_MS);
		this.#improveTimer.unref();
	}

	async #improveAll() {
		for (let next = this.#improvements.shift(); next; next = this.#improvements.shift()) {
			const best = await compress(next.data, next.encoding, false).catch(() => null);
			if (best && this.#cache.has(next.key)) this.#cache.set(next.key, best);
		}
	}

	/** Compresses files ahead of their first visitor (errors are ignored: a request retries). */
	warm(files: string[]): Promise<void> {
		return Promise.all(
			files.flatMap((file) => [this.get(file, 'br'), this.get(file, 'gzip')]),
		).then(
			() => {},
			() => {},
		);
	}
}

/**
 * `response` (the identity body of `file`) as the client prefers it: compressed when its type
 * compresses and the client accepts an encoding; `Vary: Accept-Encoding` whenever it could be.
 */
export async function encodeResponse(
	response: Response,
	file: string,
	acceptEncoding: string | undefined,
	method: string,
	files: CompressedFiles,
): Promise<Response> {
	if (!isCompressible(response.headers.get('content-type'))) return response;
	response.headers.append('Vary', 'Accept-Encoding');
	const encoding = negotiate(acceptEncoding);
	if (
		!encoding ||
		response.headers.has('content-encoding') ||
		response.headers.has('content-range')
	)
		return response;
	const body = await files.get(file, encoding);
	await response.body?.cancel();
	const headers = new Headers(response.headers);
	headers.set('Content-Encoding', encoding);
	headers.set('Content-Length', String(body.length));
	return new Response(method === 'HEAD' ? null : new Uint8Array(body), {
		status: response.status,
		headers,
	});
}
