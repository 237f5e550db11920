/** The site's name and address, for code that runs outside Astro (functions, editor tooling). */
export const SITE_NAME = 'ConTech Directory';

export function siteUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
	return env.SITE_URL || env.URL || `http://localhost:${env.PORT || 8888}`;
}
