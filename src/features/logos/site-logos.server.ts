// The build's logos: fetched (or found in the cache) once per build for every live tool, before
// the first page that shows one renders; served by the site itself from /logos/.
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eachInBatches } from '../../lib/batches.ts';
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
	cache?: LogoCache;
	/** Stored logo name by source address (null: the monogram). */
	bySource: Map<string, string | null>;
	/** The pages' addresses by tool URL, worked out once: every card of every page asks. */
	byToolUrl: Map<string, LogoSources>;
}

let once: Promise<SiteLogos> | undefined;

function siteLogos(): Promise<SiteLogos> {
	once ??= (async () => {
		const config = loadConfig('build');
		const template = config.logoUrlTemplate;
		if (!template) return { bySource: new Map(), byToolUrl: new Map() };
		const cache = await LogoCache.open(path.resolve(config.logoCacheDir));
		const tools = await liveTools();
		const sources = tools.map((tool) => logoUrlFor(new URL(tool.url), template));
		const started = performance.now();
		const { logos, report } = await fetchLogos(sources, {
			cache,
			policy: { allowLoopback: config.outboundAllowLoopback },
		});
		const shown = [...logos.values()].filter(Boolean).length;
		console.log(
			`[logos] ${shown} of ${logos.size} hosts have a logo (${report.cached} from the cache, ` +
				`${report.fetched} fetched, ${report.missing} without one, ${report.unreachable} unanswered, ` +
				`${report.skipped} not asked) in ${Math.round(performance.now() - started)} ms`,
		);
		// `astro build` gets the files as files, not routes: a route costs what a page costs to
		// render (~2 ms each: 20,000 of them at 10,000 tools). `astro dev` serves them through
		// src/pages/logos/[name].webp.ts instead, as Astro itself does with its images.
		if (import.meta.env.PROD) await writeLogos(cache, logos.values(), config.outDir);
		const byToolUrl = new Map<string, LogoSources>();
		tools.forEach((tool, i) => {
			const name = logos.get(sources[i]);
			if (name)
				byToolUrl.set(
					tool.url,
					Object.fromEntries(
						LOGO_SIZES.map((size) => [size, paths.logo(name, size)]),
					) as LogoSources,
				);
		});
		return { cache, bySource: logos, byToolUrl };
	})();
	return once;
}

/**
 * Puts the named logos into `outDir`/logos/: the directory astro.config.mjs builds into (it reads
 * the same configuration), emptied by Astro before any page renders. Hard links where the cache is
 * on the same file system (a fifth of a copy's CPU: 0.3 s against 1.7-2.4 s for 20,000 files
 * here); nothing writes to either file afterwards, and deleting one leaves the other.
 */
async function writeLogos(cache: LogoCache, names: Iterable<string | null>, outDir: string) {
	const target = path.resolve(outDir, 'logos');
	await mkdir(target, { recursive: true });
	const files = [...new Set(names)]
		.filter((name) => name !== null)
		.flatMap((name) => LOGO_SIZES.map((size) => [name, size] as const));
	let sameFileSystem = true;
	const put = async (from: string, to: string) => {
		if (sameFileSystem) {
			try {
				return await link(from, to);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
				sameFileSystem = false;
			}
		}
		await copyFile(from, to);
	};
	await eachInBatches(files, 64, ([name, size]) =>
		put(cache.filePath(name, size), path.join(target, `${name}-${size}.webp`)),
	);
}

/**
 * The site's addresses of a live tool's logo (by its URL as the catalogue gives it), or null when
 * it has none: the page shows its monogram.
 */
export async function logoFor(toolUrl: string): Promise<LogoSources | null> {
	return (await siteLogos()).byToolUrl.get(toolUrl) ?? null;
}

/** Every logo file the site serves: its name under /logos/ and where the cache keeps it. */
export async function logoFiles(): Promise<{ name: string; file: string }[]> {
	const { cache, bySource } = await siteLogos();
	if (!cache) return [];
	const names = new Set([...bySource.values()].filter((name) => name !== null));
	return [...names].flatMap((name) =>
		LOGO_SIZES.map((size) => ({ name: `${name}-${size}`, file: cache.filePath(name, size) })),
	);
}

/** Where the cache keeps a live tool's 50 px logo (pictures embed it), or null when it has none. */
export async function logoFile(toolUrl: string): Promise<string | null> {
	const { cache, byToolUrl } = await siteLogos();
	const sources = byToolUrl.get(toolUrl);
	if (!cache || !sources) return null;
	const name = sources[50].slice('/logos/'.length, -'-50.webp'.length);
	return cache.filePath(name, 50);
}
