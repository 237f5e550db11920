// A minimal static file server for a built site, on loopback only.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.xml': 'application/xml',
	'.json': 'application/json',
	'.txt': 'text/plain; charset=utf-8',
};

async function fileFor(root: string, pathname: string): Promise<string | null> {
	const file = path.join(root, decodeURIComponent(pathname));
	// Never serve anything outside the built directory.
	if (!file.startsWith(root + path.sep) && file !== root) return null;
	const info = await stat(file).catch(() => null);
	if (info?.isFile()) return file;
	if (info?.isDirectory()) {
		const index = path.join(file, 'index.html');
		if ((await stat(index).catch(() => null))?.isFile()) return index;
	}
	return null;
}

/** Serves `root` at http://127.0.0.1:<port>/ (uncompressed: loopback has no bandwidth to save). */
export async function serveStatic(
	root: string,
): Promise<{ origin: string; close(): Promise<void> }> {
	const server = http.createServer(async (request, response) => {
		const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
		const file = await fileFor(path.resolve(root), pathname).catch(() => null);
		const status = file ? 200 : 404;
		const body = file ?? path.join(root, '404.html');
		response.writeHead(status, {
			'content-type': TYPES[path.extname(body)] ?? 'application/octet-stream',
		});
		createReadStream(body)
			.on('error', () => response.end())
			.pipe(response);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
