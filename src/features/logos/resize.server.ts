import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { decodeIco } from './ico.ts';

/**
 * The sizes each logo is stored in, CSS pixels times density: 50 for a card's 50 px box, 100 for
 * the same box on a 2x screen and for the tool page's 96 px box.
 */
export const LOGO_SIZES = [50, 100] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

export interface ResizedLogo {
	/** Names both files: a hash of their bytes, so a changed logo gets a new, immutable address. */
	name: string;
	files: Record<LogoSize, Buffer>;
}

// A favicon larger than this is not a favicon; refusing it bounds the decoder's memory.
const MAX_INPUT_PIXELS = 4096 * 4096;

/** sharp's input for a downloaded logo: an ICO's largest image, else the bytes as they are. */
function input(bytes: Uint8Array) {
	const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
	const ico = decodeIco(bytes);
	if (ico?.kind === 'png') return sharp(ico.data, options);
	if (ico?.kind === 'rgba')
		return sharp(ico.data, {
			...options,
			raw: { width: ico.width, height: ico.height, channels: 4 },
		});
	return sharp(bytes, options);
}

/**
 * The logo as small square WebP files on white (centred, aspect kept), or null when the bytes
 * are no image sharp or the ICO reader can decode. Opaque, so the page needs no background of
 * its own behind a loaded logo and shows the monogram tile until it loads.
 */
export async function resizeLogo(bytes: Uint8Array): Promise<ResizedLogo | null> {
	try {
		const image = input(bytes);
		const resized = await Promise.all(
			LOGO_SIZES.map((size) =>
				image
					.clone()
					.resize(size, size, { fit: 'contain', background: '#ffffff' })
					.flatten({ background: '#ffffff' })
					.webp({ quality: 85 })
					.toBuffer(),
			),
		);
		const files = Object.fromEntries(LOGO_SIZES.map((size, i) => [size, resized[i]])) as Record<
			LogoSize,
			Buffer
		>;
		const hash = createHash('sha256');
		for (const file of resized) hash.update(file);
		// 48 bits: no collision to speak of among a catalogue's logos, and few bytes per card.
		return { name: hash.digest('hex').slice(0, 12), files };
	} catch {
		return null;
	}
}
