import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoBitmap, icoFile, pngLogo } from '../../../tests/helpers/logo-server.ts';
import { resizeLogo } from './resize.server.ts';

/** The RGB of the pixel at (x, y) of an image file. */
async function pixel(file: Buffer, x: number, y: number): Promise<number[]> {
	const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
	const at = (y * info.width + x) * info.channels;
	return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) =>
	actual.every((value, i) => Math.abs(value - expected[i]) <= 12);

describe('resizing a logo', () => {
	it('stores a PNG as opaque 50 and 100 px WebP squares named by their content', async () => {
		const logo = await resizeLogo(await pngLogo(64, '#f47e42'));
		expect(logo?.name).toMatch(/^[0-9a-f]{12}$/);
		for (const size of [50, 100] as const) {
			const meta = await sharp(logo!.files[size]).metadata();
			expect(meta).toMatchObject({ format: 'webp', width: size, height: size, hasAlpha: false });
			expect(near(await pixel(logo!.files[size], 2, 2), [0xf4, 0x7e, 0x42])).toBe(true);
		}
		expect((await resizeLogo(await pngLogo(64, '#f47e42')))?.name).toBe(logo!.name);
		expect((await resizeLogo(await pngLogo(64, '#3aa0ff')))?.name).not.toBe(logo!.name);
	});

	it('keeps the aspect of a wide logo, centred on white', async () => {
		const wide = await sharp({
			create: { width: 120, height: 40, channels: 4, background: '#102030' },
		})
			.png()
			.toBuffer();
		const { files } = (await resizeLogo(wide))!;
		expect(near(await pixel(files[100], 50, 2), [255, 255, 255])).toBe(true);
		expect(near(await pixel(files[100], 50, 50), [0x10, 0x20, 0x30])).toBe(true);
	});

	it('reads favicon files: the largest PNG of an ICO, or its bitmap', async () => {
		const ico = icoFile([
			{ size: 16, bits: 32, data: await pngLogo(16, '#ff0000') },
			{ size: 48, bits: 32, data: await pngLogo(48, '#00ff00') },
		]);
		const fromPng = (await resizeLogo(ico))!;
		expect(near(await pixel(fromPng.files[50], 2, 2), [0, 255, 0])).toBe(true);

		const raw = await sharp(await pngLogo(32, '#3aa0ff'))
			.raw()
			.toBuffer();
		const fromBitmap = (await resizeLogo(
			icoFile([{ size: 32, bits: 32, data: icoBitmap(32, raw) }]),
		))!;
		expect(near(await pixel(fromBitmap.files[50], 2, 2), [0x3a, 0xa0, 0xff])).toBe(true);
	});

	it('gives null for what is no image, and for an image too large to be a favicon', async () => {
		expect(await resizeLogo(Buffer.from('<html>not found</html>'))).toBeNull();
		expect(await resizeLogo(Buffer.alloc(0))).toBeNull();
		const huge = Buffer.from(
			'<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"><rect width="5000" height="5000"/></svg>',
		);
		expect(await resizeLogo(huge)).toBeNull();
	});
});
