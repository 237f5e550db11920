// The build's logos: fetched (or found in the cache) once per build for every live tool, before
// the first page that shows one renders; served by the site itself from /logos/.
import path from 'node:path';
import { liveTools } from '../../lib/catalogue.server.ts';
import { loadConfig } from '../../lib/config.server.ts';
import { paths } from '../../lib/paths.ts';
import { logoUrlFor } from '../../lib/tool-url.ts';
import { LogoCache } from './cache.server.ts';
import { fetchLogos } from './fetch.server.ts';
import { LOGO_SIZES, type LogoSize } from './resize.server.ts';

/** A tool's logo as pages reference it: the site's own addresses, one per stored size. */
export type LogoSources = Record<LogoSize, string>;

interface SiteLogos {
	template: string | null;
	cache?: LogoCache;
	/** Stored logo name by source address (null: the monogram). */
	bySource: Map<string, string | null>;
}

let once: Promise<SiteLogos> | undefined;

function siteLogos(): Promise<SiteLogos> {
	once ??= (async () => {
		const config = loadConfig('build');
		const template = config.logoUrlTemplate;
		if (!template) return { template, bySource: new Map() };
		const cache = await LogoCache.open(path.resolve(config.logoCacheDir));
		const sources = (await liveTools()).map((tool) => logoUrlFor(new URL(tool.url), template));
		const started = performance.now();
		const { logos, report } = await fetchLogos(sources, { cache });
		const shown = [...logos.values()].filter(Boolean).length;
		console.log(
			`[logos] ${shown} of ${logos.size} hosts have a logo (${report.cached} from the cache, ` +
				`${report.fetched} fetched, ${report.missing} without one, ${report.unreachable} unanswered, ` +
				`${report.skipped} not asked) in ${Math.round(performance.now() - started)} ms`,
		);
		return { template, cache, bySource: logos };
	})();
	return once;
}

/** The site's addresses of a tool's logo, or null when it has none (the page shows its monogram). */
export async function logoFor(toolUrl: string): Promise<LogoSources | null> {
	const { template, bySource } = await siteLogos();
	const name = template ? bySource.get(logoUrlFor(new URL(toolUrl), template)) : null;
	if (!name) return null;
	return Object.fromEntries(
		LOGO_SIZES.map((size) => [size, paths.logo(name, size)]),
	) as LogoSources;
}

/** Every logo file this build serves: its name under /logos/ and where the cache keeps it. */
export async function logoFiles(): Promise<{ name: string; file: string }[]> {
	const { cache, bySource } = await siteLogos();
	if (!cache) return [];
	const names = new Set([...bySource.values()].filter((name) => name !== null));
	return [...names].flatMap((name) =>
		LOGO_SIZES.map((size) => ({ name: `${name}-${size}`, file: cache.filePath(name, size) })),
	);
}
