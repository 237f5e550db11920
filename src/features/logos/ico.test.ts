import { describe, expect, it } from 'vitest';
import { icoBitmap, icoFile } from '../../../tests/helpers/logo-server.ts';
import { decodeIco } from './ico.ts';

/** A 2 × 2 DIB with a palette (1 or 8 bits per pixel) and the given AND mask rows (top first). */
function palettedBitmap(bits: 1 | 8, indexes: number[][], maskRows: number[]): Buffer {
	const info = Buffer.alloc(40);
	info.writeUInt32LE(40, 0);
	info.writeInt32LE(2, 4);
	info.writeInt32LE(4, 8);
	info.writeUInt16LE(1, 12);
	info.writeUInt16LE(bits, 14);
	info.writeUInt32LE(2, 32);
	// Palette (BGRX): 0 = red, 1 = blue.
	const palette = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0]);
	const rows = [...indexes].reverse().map((row) => {
		const out = Buffer.alloc(4);
		if (bits === 8) row.forEach((index, x) => (out[x] = index));
		else row.forEach((index, x) => (out[0] |= index << (7 - x)));
		return out;
	});
	const mask = [...maskRows].reverse().map((bitsOfRow) => Buffer.from([bitsOfRow, 0, 0, 0]));
	return Buffer.concat([info, palette, ...rows, ...mask]);
}

const pixels = (image: ReturnType<typeof decodeIco>) =>
	image?.kind === 'rgba' ? [...image.data] : undefined;

describe('ICO files', () => {
	it('hands back the largest image, a PNG as it is', () => {
		const small = Buffer.from('\x89PNG\r\n\x1a\nsmall', 'latin1');
		const large = Buffer.from('\x89PNG\r\n\x1a\nlarge', 'latin1');
		const ico = icoFile([
			{ size: 16, bits: 32, data: small },
			{ size: 48, bits: 32, data: large },
		]);
		const image = decodeIco(ico);
		expect(image?.kind).toBe('png');
		expect(Buffer.from(image!.data).toString('latin1')).toContain('large');
	});

	it('reads a 32-bit bitmap (bottom-up rows, BGRA) with its own alpha', () => {
		const rgba = Buffer.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0]);
		const image = decodeIco(icoFile([{ size: 2, bits: 32, data: icoBitmap(2, rgba) }]));
		expect(image).toMatchObject({ kind: 'rgba', width: 2, height: 2 });
		expect(pixels(image)).toEqual([...rgba]);
	});

	it('reads paletted bitmaps, transparent where the AND mask says so', () => {
		// Top row: red, blue; bottom row: blue, red. The mask hides the top-right pixel.
		for (const bits of [1, 8] as const) {
			const dib = palettedBitmap(
				bits,
				[
					[0, 1],
					[1, 0],
				],
				[0b0100_0000, 0],
			);
			expect(pixels(decodeIco(icoFile([{ size: 2, bits, data: dib }]))), `${bits} bits`).toEqual([
				...[255, 0, 0, 255, 0, 0, 255, 0],
				...[0, 0, 255, 255, 255, 0, 0, 255],
			]);
		}
	});

	it('gives null for anything else: another format, a truncated file, an entry past the end', () => {
		expect(decodeIco(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBeNull();
		expect(decodeIco(Buffer.from([0, 0, 1, 0, 1, 0]))).toBeNull();
		const ico = icoFile([{ size: 2, bits: 32, data: icoBitmap(2, Buffer.alloc(16)) }]);
		expect(decodeIco(ico.subarray(0, 30))).toBeNull();
	});
});
