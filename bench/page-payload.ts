// What a built page sends: its HTML (raw and gzip) and every JavaScript file it loads.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import { CARD_SELECTOR, HOME_GRID_ID } from '../src/features/search/grid-markup.ts';
import { REACT_CHUNK } from './budgets.ts';

export interface ScriptFile {
	/** Site path ("/_astro/client.abc.js"), or "inline #n" for a script in the HTML. */
	file: string;
	raw: number;
	gzip: number;
}

export interface PagePayload {
	htmlRaw: number;
	htmlGzip: number;
	scripts: ScriptFile[];
	/** Sum of the gzip sizes of every script the page loads, inline ones included. */
	jsGzipTotal: number;
	/** Of which React's runtime chunk, and the rest: the site's own code (the budgeted part). */
	jsGzipReact: number;
	jsGzipOwn: number;
	/** Number of tool cards and of distinct tool links in the grid (each tool once). */
	cards: number;
	distinctToolLinks: number;
	/** Times a tool page address (`/app/<id>/`) occurs anywhere in the HTML (links, JSON-LD...). */
	toolUrlMentions: number;
}

// Gzip as a CDN does by default (level 6); brotli would be smaller still.
const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 6 }).length;

// Static imports in a built ES module: `import"./x.js"`, `from"./x.js"` (not `import("./x.js")`).
const STATIC_IMPORT = /\b(?:import|from)\s*["']([^"']+\.m?js)["']/g;

/** Every script a page loads: script tags, modulepreloads, island component and renderer URLs, and their static imports. */
async function scriptsOf(
	outDir: string,
	html: string,
): Promise<{ scripts: ScriptFile[]; cards: number; links: number }> {
	const root = parse(html);
	const queue: string[] = [];
	const scripts: ScriptFile[] = [];
	root.querySelectorAll('script').forEach((script, index) => {
		const src = script.getAttribute('src');
		if (src) queue.push(src);
		const type = script.getAttribute('type') ?? '';
		// JSON-LD and other data blocks are not code; classic and module scripts are.
		const isCode = type === '' || type === 'module' || type.includes('javascript');
		if (!src && isCode) {
			const code = script.textContent;
			if (code.trim())
				scripts.push({
					file: `inline #${index + 1}`,
					raw: Buffer.byteLength(code),
					gzip: gzipSize(code),
				});
		}
	});
	for (const link of root.querySelectorAll('link[rel="modulepreload"]'))
		queue.push(link.getAttribute('href') ?? '');
	for (const island of root.querySelectorAll('astro-island')) {
		queue.push(
			island.getAttribute('component-url') ?? '',
			island.getAttribute('renderer-url') ?? '',
		);
	}
	const seen = new Set<string>();
	while (queue.length > 0) {
		const url = queue.shift()!;
		if (!url || seen.has(url) || /^https?:/.test(url)) continue;
		seen.add(url);
		const code = await readFile(path.join(outDir, url.split('?')[0]), 'utf8');
		scripts.push({ file: url, raw: Buffer.byteLength(code), gzip: gzipSize(code) });
		for (const match of code.matchAll(STATIC_IMPORT)) {
			queue.push(new URL(match[1], `http://site${url}`).pathname);
		}
	}
	// The cards of the home grid (every tool, in sections).
	const cards = root.querySelectorAll(`#${HOME_GRID_ID} ${CARD_SELECTOR}`);
	const cardLinks = cards.map((card) =>
		card.querySelector('a[href^="/app/"]')?.getAttribute('href'),
	);
	return {
		scripts,
		cards: cards.length,
		links: new Set(cardLinks).size,
	};
}

/** Measures one built page; `route` is a site path such as "/" or "/app/1/". */
export async function pagePayload(outDir: string, route: string): Promise<PagePayload> {
	const html = await readFile(path.join(outDir, route, 'index.html'));
	const { scripts, cards, links } = await scriptsOf(outDir, html.toString('utf8'));
	const jsGzipTotal = scripts.reduce((sum, script) => sum + script.gzip, 0);
	const jsGzipReact = scripts
		.filter((script) => REACT_CHUNK.test(script.file))
		.reduce((sum, script) => sum + script.gzip, 0);
	return {
		htmlRaw: html.length,
		htmlGzip: gzipSize(html),
		scripts,
		jsGzipTotal,
		jsGzipReact,
		jsGzipOwn: jsGzipTotal - jsGzipReact,
		cards,
		distinctToolLinks: links,
		toolUrlMentions: html.toString('utf8').match(/\/app\/\d+\//g)?.length ?? 0,
	};
}
