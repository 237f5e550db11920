// The `npm start` site: dist/ and the Netlify functions behind one Hono app, answering as
// Netlify does (headers from netlify.toml on files, the 404 page with status 404, pretty URLs).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { type CompressedFiles, encodeResponse } from './compression.ts';
import { clientIp, functionContext, type NetlifyHandler } from './functions.ts';
import type { NetlifyConfig } from './netlify-toml.ts';

type Env = { Variables: { file?: string; build?: number } };

export interface SiteAppOptions {
	config: NetlifyConfig;
	functions: Map<string, NetlifyHandler>;
	files: CompressedFiles;
	logError?: (message: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which build `dir` is (its inode: a rebuild swaps in a new directory), or 0 while none is. */
const buildOf = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.ino ?? 0;

/**
 * The build being served. A rebuild swaps a new dist/ in with two renames; a request that falls
 * between them waits for the new directory instead of getting a 404 (never longer than `maxMs`).
 */
async function currentBuild(dir: string, maxMs = 2000): Promise<number> {
	for (const deadline = Date.now() + maxMs; ; await sleep(10)) {
		const build = buildOf(dir);
		if (build !== 0 || Date.now() >= deadline) return build;
	}
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

export function siteApp({ config, functions, files, logError = console.error }: SiteAppOptions) {
	const root = config.publishDir;
	const app = new Hono<Env>();
	/** Requests already answered once more after a rebuild's swap (never a third time). */
	const retries = new WeakSet<Request>();

	app.all('/.netlify/functions/:name', async (c) => {
		const handler = functions.get(c.req.param('name'));
		if (!handler) return c.text('Function not found', 404);
		const ip = clientIp(getConnInfo(c).remote.address);
		return handler(c.req.raw, functionContext(ip, randomUUID()));
	});

	/**
	 * A file lookup that failed because a rebuild swapped dist/ while this request was being
	 * answered (the file found, then gone; or looked for in neither build) is answered once
	 * more, from the new directory; `undefined` when the failure is a real one.
	 */
	async function answerAgainIfSwapped(c: Context<Env>): Promise<Response | undefined> {
		const build = buildOf(root);
		if (retries.has(c.req.raw) || (build !== 0 && build === c.get('build'))) return undefined;
		await currentBuild(root);
		const again = new Request(c.req.raw);
		retries.add(again);
		return app.fetch(again, c.env);
	}

	// Files: netlify.toml's headers, then the body in the encoding the client accepts.
	app.use('*', async (c, next) => {
		c.set('build', await currentBuild(root));
		await next();
		const file = c.get('file');
		if (file && c.res.body !== undefined) {
			let encoded: Response;
			try {
				encoded = await encodeResponse(
					c.res,
					file,
					c.req.header('accept-encoding'),
					c.req.method,
					files,
				);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
				await c.res.body?.cancel().catch(() => {});
				const again = await answerAgainIfSwapped(c);
				if (!again) throw error;
				c.res = undefined;
				c.res = again;
				return;
			}
			// Hono copies the old answer's headers onto a new one (Content-Length included):
			// the encoded answer replaces it whole.
			c.res = undefined;
			c.res = encoded;
		}
		// Netlify's default for its files: a browser asks again each time (cheap with the
		// validators), so an editor's rebuild is seen on the next visit, not from a stale cache.
		c.res.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
		for (const [name, value] of Object.entries(config.headersFor(c.req.path)))
			c.res.headers.set(name, value);
	});

	// Pretty URLs, as on Netlify: /app/3 is the page /app/3/.
	app.get('*', async (c, next) => {
		const { pathname, search } = new URL(c.req.url);
		const last = pathname.slice(pathname.lastIndexOf('/') + 1);
		if (last && !last.includes('.') && isFile(path.join(root, pathname, 'index.html')))
			return c.redirect(`${pathname}/${search}`, 301);
		return next();
	});

	app.get('*', serveStatic({ root, onFound: (file, c) => c.set('file', file) }));

	app.notFound(async (c) => {
		const again = await answerAgainIfSwapped(c);
		if (again) return again;
		const file = path.join(root, '404.html');
		const page = await readFile(file, 'utf8').catch(() => null);
		if (page === null) return c.text('Not found', 404);
		c.set('file', file);
		return c.html(page, 404);
	});

	app.onError((error, c) => {
		logError(`[server] ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
		// A new answer of its own: c.text() would carry the headers a file answer had already
		// set (its Content-Length among them, which left the client waiting for bytes).
		c.res = undefined;
		return new Response('Internal server error', {
			status: 500,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', ...config.headersFor(c.req.path) },
		});
	});

	return app;
}
