/** The site's name, for code that runs outside Astro (functions, editor tooling). Its address is `config.siteUrl`. */
export const SITE_NAME = 'ConTech Directory';
