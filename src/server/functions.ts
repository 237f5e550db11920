// The functions in netlify/functions/, imported once and kept warm: the same default exports
// Netlify runs, each called with the web Request and a context whose `ip` is the client's.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context as NetlifyContext } from '@netlify/functions';

export type NetlifyHandler = (request: Request, context: NetlifyContext) => Promise<Response>;

const FUNCTION_FILE = /^([A-Za-z0-9_-]+)\.(mts|ts|mjs|js)$/;

/** Imports every function module of `functionsDir`, by name (the file name without extension). */
export async function loadFunctions(functionsDir: string): Promise<Map<string, NetlifyHandler>> {
	const handlers = new Map<string, NetlifyHandler>();
	for (const entry of (await readdir(functionsDir)).sort()) {
		const match = FUNCTION_FILE.exec(entry);
		if (!match) continue;
		const module = await import(pathToFileURL(path.join(functionsDir, entry)).href);
		if (typeof module.default !== 'function')
			throw new Error(`netlify/functions/${entry} has no default export to serve`);
		handlers.set(match[1], module.default as NetlifyHandler);
	}
	return handlers;
}

/** An IPv4 client seen through a dual-stack socket (`::ffff:a.b.c.d`) as Netlify reports it. */
export const clientIp = (address: string | undefined) =>
	address?.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : (address ?? '');

/**
 * The part of Netlify's context the functions may read on one machine. Fields that only exist
 * on Netlify's platform (geo, deploy, site) are empty; the functions here use `ip` alone.
 */
export function functionContext(ip: string, requestId: string): NetlifyContext {
	return {
		ip,
		requestId,
		geo: {},
		params: {},
		cookies: { get: () => undefined, set: () => {}, delete: () => {} },
		json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
		waitUntil: () => {},
	} as unknown as NetlifyContext;
}
