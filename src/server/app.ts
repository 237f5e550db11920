// The `npm start` site: the current release (record 0013) and the Netlify functions behind one
// Hono app, answering as Netlify does (headers from netlify.toml on files, the 404 page with
// status 404, pretty URLs).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { type CompressedFiles, encodeResponse } from './compression.ts';
import { clientIp, functionContext, type NetlifyHandler } from './functions.ts';
import type { NetlifyConfig } from './netlify-toml.ts';
import { REDIRECTS_FILE, releaseRedirects } from './redirects.ts';
import type { ServedReleases } from './served.ts';

type Env = { Bindings: Partial<HttpBindings>; Variables: { file?: string; root: string } };

export interface SiteAppOptions {
	config: NetlifyConfig;
	functions: Map<string, NetlifyHandler>;
	files: CompressedFiles;
	/** The site's builds: each request is answered from the one current when it arrived. */
	releases: ServedReleases;
	/**
	 * Host names answered besides localhost, 127.0.0.1 and [::1]: the site's own address's and
	 * any the operator lists (ALLOWED_HOSTS). Any other Host is refused, so a page whose name was
	 * rebound to this machine cannot read or post to it (record 0027).
	 */
	allowedHosts?: readonly string[];
	logError?: (message: string) => void;
}

const isFile = (file: string) => {
	try {
		return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
	} catch {
		// ENAMETOOLONG and the like: no such file.
		return false;
	}
};

/** The longest file name the file systems we serve from take, in bytes. */
const NAME_MAX = 255;

/** A well-formed `bytes=` range (RFC 9110); anything else is ignored and the whole file sent. */
const RANGE = /^bytes=(?:\d+-\d*|-\d+)(?:\s*,\s*(?:\d+-\d*|-\d+))*$/;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** A host name as compared: lower case, no trailing dot. */
const hostKey = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

export function siteApp({
	config,
	functions,
	files,
	releases,
	allowedHosts = [],
	logError = console.error,
}: SiteAppOptions) {
	const app = new Hono<Env>();
	const redirectFor = releaseRedirects();
	const hosts = new Set([...LOOPBACK_HOSTS, ...allowedHosts].map(hostKey));

	// Before anything else, functions included: only the hosts this server serves.
	app.use('*', async (c, next) => {
		if (!hosts.has(hostKey(new URL(c.req.url).hostname)))
			return new Response('This server does not serve that host name.', {
				status: 421,
				headers: { 'Content-Type': 'text/plain; charset=utf-8', ...config.headersFor('/') },
			});
		return next();
	});

	app.all('/.netlify/functions/:name', async (c) => {
		const handler = functions.get(c.req.param('name'));
		if (!handler) return c.text('Function not found', 404);
		const ip = clientIp(getConnInfo(c).remote.address);
		return handler(c.req.raw, functionContext(ip, randomUUID()));
	});

	// Files: netlify.toml's headers, then the body in the encoding the client accepts.
	app.use('*', async (c, next) => {
		const lease = releases.acquire();
		if (!lease) return c.text('The site is being built: try again in a minute.', 503);
		// Held until the answer's last byte has left (or the client went away), so the release
		// it reads is not removed under it; without a socket (app.fetch in-process), until here.
		const outgoing = c.env?.outgoing;
		if (outgoing) outgoing.once('close', lease.done);
		c.set('root', lease.root);
		// A malformed Range is ignored, as RFC 9110 says: the whole file with 200.
		const range = c.req.header('range');
		if (range !== undefined && !RANGE.test(range.trim())) c.req.raw.headers.delete('range');
		try {
			await next();
		} finally {
			if (!outgoing) lease.done();
		}
		const file = c.get('file');
		if (file && c.res.body !== undefined) {
			const encoded = await encodeResponse(
				c.res,
				file,
				c.req.header('accept-encoding'),
				c.req.method,
				files,
			);
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
		// No file has a longer name: looking one up would fail (ENAMETOOLONG), not miss.
		if (
			c.req.path.split('/').some((segment) => Buffer.byteLength(segment) > NAME_MAX) ||
			pathname.split('/').some((segment) => Buffer.byteLength(segment) > NAME_MAX)
		)
			return c.notFound();
		const last = pathname.slice(pathname.lastIndexOf('/') + 1);
		if (last && !last.includes('.') && isFile(path.join(c.get('root'), pathname, 'index.html')))
			return c.redirect(`${pathname}/${search}`, 301);
		return next();
	});

	// Configuration, not a page: Netlify never serves it either.
	app.get(`/${REDIRECTS_FILE}`, (c) => c.notFound());

	app.get(
		'*',
		serveStatic({
			// The path is checked for `..` before this joins it to the request's release.
			root: '',
			rewriteRequestPath: (file, c) => path.join(c.get('root'), file),
			onFound: (file, c) => c.set('file', file),
		}),
	);

	app.notFound(async (c) => {
		// `_redirects` rules apply where no file answers, as on Netlify.
		const redirect = c.get('root') && redirectFor(c.get('root'), c.req.path);
		if (redirect) return c.redirect(redirect.to + new URL(c.req.url).search, redirect.status);
		const file = path.join(c.get('root'), '404.html');
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
