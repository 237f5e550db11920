import { CONTACT_URL, LOGO_URL_TEMPLATE } from 'astro:env/server';

/** Site-wide constants, in one place. Configuration comes from the environment (see README). */
export const SITE_NAME = 'ConTech Directory';
export const SITE_TAGLINE = 'The directory of construction-technology software';
export const SITE_DESCRIPTION =
	'Discover construction-tech software: project management, estimating, BIM, field, safety and more, searchable by name.';
export const COPYRIGHT_YEAR = 2024;
export { CONTACT_URL, LOGO_URL_TEMPLATE };
