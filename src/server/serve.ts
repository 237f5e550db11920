// Starts the site server (see app.ts) and stops it gently: stop accepting, let the requests
// in flight finish (a few seconds at most), then report back so the database can close.
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { siteApp } from './app.ts';
import { CompressedFiles } from './compression.ts';
import { loadFunctions } from './functions.ts';
import { readNetlifyToml } from './netlify-toml.ts';

export interface SiteServerOptions {
	port: number;
	host?: string;
	/** The project directory holding netlify.toml (the working directory by default). */
	root?: string;
	/** Serve this directory instead of netlify.toml's publish directory (tests, benchmarks). */
	publishDir?: string;
}

export interface SiteServer {
	url: string;
	port: number;
	/** Stops accepting, waits up to `graceMs` for requests in flight, then closes the rest. */
	close(graceMs?: number): Promise<void>;
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
	const config = readNetlifyToml(options.root);
	if (options.publishDir) config.publishDir = path.resolve(options.publishDir);
	const functions = await loadFunctions(config.functionsDir);
	const files = new CompressedFiles();
	const app = siteApp({ config, functions, files });
	const host = options.host ?? '127.0.0.1';
	const server = await new Promise<Server>((resolve, reject) => {
		const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () =>
			resolve(started as Server),
		);
		started.once('error', reject);
	});
	// The pages every visitor starts from are compressed before the first one arrives.
	void files.warm(['index.html', '404.html'].map((file) => path.join(config.publishDir, file)));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
		port,
		close(graceMs = 5000) {
			return new Promise<void>((resolve) => {
				const force = setTimeout(() => server.closeAllConnections(), graceMs);
				server.close(() => {
					clearTimeout(force);
					resolve();
				});
				// Keep-alive connections with no request in flight would hold close() open.
				server.closeIdleConnections();
			});
		},
	};
}
