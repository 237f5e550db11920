import { CONTACT_URL, OUTBOUND_REF as OUTBOUND_REF_SETTING } from 'astro:env/server';
import { slugify } from './lib/outbound.ts';
import { SITE_NAME } from './lib/site.ts';

/** Site-wide constants, in one place. Configuration comes from the environment (see README). */
export { SITE_NAME };
export const SITE_TAGLINE = 'The directory of construction-technology software';
export const SITE_DESCRIPTION =
	'Discover construction-tech software: project management, estimating, BIM, field, safety and more, searchable by name.';
export const COPYRIGHT_YEAR = 2024;
export { CONTACT_URL };

/** The `ref` parameter on 'Check it out!' links: OUTBOUND_REF, else the site name as a slug. */
export const OUTBOUND_REF = OUTBOUND_REF_SETTING ?? slugify(SITE_NAME);

/** The picture shown when a page is shared (Open Graph, Twitter cards): a file in public/. */
export const SHARE_IMAGE = {
	path: '/og-image.png',
	width: 1200,
	height: 630,
	alt: `${SITE_NAME}: ${SITE_TAGLINE.toLowerCase()}`,
} as const;
