// Starts the site server (see app.ts) on a releases directory (releases.ts) and stops it gently:
// stop accepting, let the requests in flight finish (a few seconds at most), then report back
// so the database can close.
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { siteApp } from './app.ts';
import { CompressedFiles } from './compression.ts';
import { loadFunctions } from './functions.ts';
import { readNetlifyToml } from './netlify-toml.ts';
import type { ServedReleases } from './served.ts';

export interface SiteServerOptions {
	port: number;
	host?: string;
	/** The project directory holding netlify.toml (the working directory by default). */
	root?: string;
	/** The releases to serve: the current one, switched to as new ones are published. */
	releases: ServedReleases;
	/** Host names answered besides localhost, 127.0.0.1 and [::1] (app.ts). */
	allowedHosts?: readonly string[];
}

export interface SiteServer {
	url: string;
	port: number;
	/** Stops accepting, waits up to `graceMs` for requests in flight, then closes the rest. */
	close(graceMs?: number): Promise<void>;
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
	const config = readNetlifyToml(options.root);
	const { releases } = options;
	releases.sweep();
	const functions = await loadFunctions(config.functionsDir);
	const files = new CompressedFiles();
	const app = siteApp({ config, functions, files, releases, allowedHosts: options.allowedHosts });
	const host = options.host ?? '127.0.0.1';
	const server = await new Promise<Server>((resolve, reject) => {
		const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () =>
			resolve(started as Server),
		);
		started.once('error', reject);
	}).catch(async (error) => {
		await releases.close();
		throw error;
	});
	const { port } = server.address() as AddressInfo;
	// The pages every visitor starts from are compressed before the first one arrives.
	const lease = releases.acquire();
	if (lease)
		void files
			.warm(['index.html', '404.html'].map((file) => path.join(lease.root, file)))
			.finally(lease.done);
	return {
		url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
		port,
		close(graceMs = 5000) {
			return new Promise<void>((resolve) => {
				const force = setTimeout(() => server.closeAllConnections(), graceMs);
				server.close(() => {
					clearTimeout(force);
					void releases.close().then(resolve);
				});
				// Keep-alive connections with no request in flight would hold close() open.
				server.closeIdleConnections();
			});
		},
	};
}
