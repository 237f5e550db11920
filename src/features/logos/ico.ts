// Favicon services answer with .ico files, which sharp (libvips) does not read. An ICO is a
// directory of images, each a PNG or a headerless Windows bitmap (DIB); this picks the largest
// and hands back the PNG as it is or the bitmap as RGBA pixels, which sharp reads either way.

/** The largest image of an ICO file, or null when `bytes` is not an ICO we can read. */
export type IcoImage =
	| { kind: 'png'; data: Uint8Array }
	| { kind: 'rgba'; data: Uint8Array; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BI_RGB = 0;
const BI_BITFIELDS = 3;

/** Whether `bytes` start like an ICO file (reserved 0, type 1 = icon, at least one image). */
export function isIco(bytes: Uint8Array): boolean {
	return bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0;
}

export function decodeIco(bytes: Uint8Array): IcoImage | null {
	if (!isIco(bytes)) return null;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const count = view.getUint16(4, true);
	let best: { size: number; bits: number; offset: number; length: number } | undefined;
	for (let i = 0; i < count; i++) {
		const at = 6 + i * 16;
		if (at + 16 > bytes.length) return null;
		const entry = {
			size: bytes[at] || 256,
			bits: view.getUint16(at + 6, true),
			length: view.getUint32(at + 8, true),
			offset: view.getUint32(at + 12, true),
		};
		if (entry.offset + entry.length > bytes.length || entry.length < 8) continue;
		if (!best || entry.size > best.size || (entry.size === best.size && entry.bits > best.bits))
			best = entry;
	}
	if (!best) return null;
	const image = bytes.subarray(best.offset, best.offset + best.length);
	if (PNG_SIGNATURE.every((byte, i) => image[i] === byte)) return { kind: 'png', data: image };
	return decodeDib(image);
}

/**
 * A DIB as ICO files hold it: BITMAPINFOHEADER (its height counts the AND mask too), an optional
 * palette, the colour rows bottom-up, then the 1-bit transparency mask (1 = transparent).
 */
function decodeDib(dib: Uint8Array): IcoImage | null {
	if (dib.length < 40) return null;
	const view = new DataView(dib.buffer, dib.byteOffset, dib.byteLength);
	const headerSize = view.getUint32(0, true);
	const width = view.getInt32(4, true);
	const height = Math.trunc(view.getInt32(8, true) / 2);
	const bits = view.getUint16(14, true);
	const compression = view.getUint32(16, true);
	const colours = view.getUint32(32, true);
	if (headerSize < 40 || width < 1 || width > 1024 || height < 1 || height > 1024) return null;
	if (![1, 4, 8, 24, 32].includes(bits)) return null;
	if (compression !== BI_RGB && !(compression === BI_BITFIELDS && bits === 32)) return null;
	// BI_BITFIELDS with the 40-byte header: three colour masks follow it (we assume BGRA).
	const paletteAt = headerSize + (compression === BI_BITFIELDS && headerSize === 40 ? 12 : 0);
	const paletteSize = bits <= 8 ? colours || 1 << bits : 0;
	const pixelsAt = paletteAt + paletteSize * 4;
	const stride = Math.ceil((width * bits) / 32) * 4;
	const maskAt = pixelsAt + stride * height;
	const maskStride = Math.ceil(width / 32) * 4;
	if (maskAt > dib.length) return null;
	const hasMask = maskAt + maskStride * height <= dib.length;

	const rgba = new Uint8Array(width * height * 4);
	let anyAlpha = false;
	for (let y = 0; y < height; y++) {
		const row = pixelsAt + (height - 1 - y) * stride;
		for (let x = 0; x < width; x++) {
			const out = (y * width + x) * 4;
			let b: number, g: number, r: number;
			let a = 255;
			if (bits >= 24) {
				const at = row + x * (bits / 8);
				[b, g, r] = [dib[at], dib[at + 1], dib[at + 2]];
				if (bits === 32) {
					a = dib[at + 3];
					if (a) anyAlpha = true;
				}
			} else {
				const bit = x * bits;
				const index = (dib[row + (bit >> 3)] >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
				if (index >= paletteSize) return null;
				const at = paletteAt + index * 4;
				[b, g, r] = [dib[at], dib[at + 1], dib[at + 2]];
			}
			rgba.set([r, g, b, a], out);
		}
	}
	// A 32-bit image whose alpha is all zero is an old one that relies on its mask: opaque, then masked.
	if (bits === 32 && !anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
	// The mask decides transparency, except for a 32-bit image that has an alpha channel of its own.
	if (hasMask && !(bits === 32 && anyAlpha)) {
		for (let y = 0; y < height; y++) {
			const row = maskAt + (height - 1 - y) * maskStride;
			for (let x = 0; x < width; x++) {
				if ((dib[row + (x >> 3)] >> (7 - (x & 7))) & 1) rgba[(y * width + x) * 4 + 3] = 0;
			}
		}
	}
	return { kind: 'rgba', data: rgba, width, height };
}
