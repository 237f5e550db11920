// A stand-in for the logo service (LOGO_URL_TEMPLATE=http://127.0.0.1:PORT/{host}.ico): real
// image files for the hosts it knows, 404 for the rest, and a count of every request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A square PNG of one colour with a darker square in its middle (so a resize has detail). */
export async function pngLogo(size: number, colour: string): Promise<Buffer> {
	const inner = await sharp({
		create: { width: size / 2, height: size / 2, channels: 4, background: '#102030' },
	})
		.png()
		.toBuffer();
	return sharp({ create: { width: size, height: size, channels: 4, background: colour } })
		.composite([{ input: inner, gravity: 'centre' }])
		.png()
		.toBuffer();
}

/** An ICO file holding `images` (each a PNG, or a DIB as icoBitmap makes it). */
export function icoFile(images: { size: number; bits: number; data: Buffer }[]): Buffer {
	const header = Buffer.alloc(6 + images.length * 16);
	header.writeUInt16LE(1, 2);
	header.writeUInt16LE(images.length, 4);
	let offset = header.length;
	images.forEach((image, i) => {
		const at = 6 + i * 16;
		header[at] = image.size >= 256 ? 0 : image.size;
		header[at + 1] = image.size >= 256 ? 0 : image.size;
		header.writeUInt16LE(1, at + 4);
		header.writeUInt16LE(image.bits, at + 6);
		header.writeUInt32LE(image.data.length, at + 8);
		header.writeUInt32LE(offset, at + 12);
		offset += image.data.length;
	});
	return Buffer.concat([header, ...images.map((image) => image.data)]);
}

/**
 * A 32-bit DIB as ICO files hold it (rows bottom-up, BGRA, then an all-opaque AND mask) for
 * `rgba` pixels of a `size` × `size` image.
 */
export function icoBitmap(size: number, rgba: Buffer): Buffer {
	const info = Buffer.alloc(40);
	info.writeUInt32LE(40, 0);
	info.writeInt32LE(size, 4);
	info.writeInt32LE(size * 2, 8);
	info.writeUInt16LE(1, 12);
	info.writeUInt16LE(32, 14);
	const pixels = Buffer.alloc(size * size * 4);
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			const from = (y * size + x) * 4;
			const to = ((size - 1 - y) * size + x) * 4;
			pixels.set([rgba[from + 2], rgba[from + 1], rgba[from], rgba[from + 3]], to);
		}
	}
	const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
	return Buffer.concat([info, pixels, mask]);
}

export interface LogoServer {
	/** LOGO_URL_TEMPLATE for this server. */
	template: string;
	/** Requests received, by path. */
	hits: Map<string, number>;
	close(): Promise<void>;
}

/** Serves `files` (path → body, e.g. `/procore.com.ico`) on loopback; `/__hits` counts requests. */
export async function startLogoServer(files: Map<string, Buffer>): Promise<LogoServer> {
	const hits = new Map<string, number>();
	const server = http.createServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://x').pathname;
		if (path === '/__hits') {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(Object.fromEntries(hits)));
			return;
		}
		hits.set(path, (hits.get(path) ?? 0) + 1);
		const body = files.get(path);
		if (!body) {
			response.writeHead(404, { 'content-type': 'text/plain' });
			response.end('no icon');
			return;
		}
		response.writeHead(200, { 'content-type': 'image/x-icon', 'content-length': body.length });
		response.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		template: `http://127.0.0.1:${port}/{host}.ico`,
		hits,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/**
 * The logos of the site tests' build: hosts spread over the home grid (eager first rows, lazy,
 * deferred after the first section) and three formats (PNG, ICO holding PNGs, ICO holding a
 * bitmap). Every other host answers 404: its tool shows the monogram.
 */
export async function siteTestLogos(): Promise<Map<string, Buffer>> {
	const icoPng = icoFile([
		{ size: 16, bits: 32, data: await pngLogo(16, '#3aa0ff') },
		{ size: 48, bits: 32, data: await pngLogo(48, '#3aa0ff') },
	]);
	const raw = await sharp(await pngLogo(32, '#40c080'))
		.raw()
		.toBuffer();
	const icoBmp = icoFile([{ size: 32, bits: 32, data: icoBitmap(32, raw) }]);
	return new Map([
		['/1build.com.ico', await pngLogo(64, '#e03030')],
		['/assignar.com.ico', await pngLogo(64, '#a040e0')],
		['/buildertrend.com.ico', await pngLogo(64, '#e0c040')],
		['/procore.com.ico', await pngLogo(64, '#f47e42')],
		['/cpp.example.com.ico', icoPng],
		['/paren.example.com.ico', icoBmp],
	]);
}
