// `npm run audit [url] [--runs N] [--pages home,tool,newapp,landscape,stats] [--peers DIR] [--against REF] [--save DIR]`:
// Lighthouse (mobile preset, Debian Chromium, offline) on the home page, a tool page and
// /newapp/ of a site that is already running (default http://localhost:PORT, e.g. `npm start`).
// Prints the four category scores and the largest contentful paint per page and run, the LCP
// spread, the requests that ended before the first paint (what Lantern adds to its estimate),
// any request a page made to another origin than its site's (logos included: there should be
// none), what kept each score below 100, and the first-view verdicts of docs/design.md. --peers DIR
// (or PEERS_DIR) starts the two peer sites of that folder (bench/peers.ts) and measures their home
// and tool pages in the same sitting, runs interleaved page by page, so the home page can be
// compared with theirs; without it the audit says the peers are not measured and goes on;
// --against starts an earlier commit's npm start and measures it in the same way.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../src/lib/config.server.ts';
import { BUDGETS } from './budgets.ts';
import { CHROMIUM_FLAGS } from '../tests/helpers/chromium.ts';
import { PEERS_ABSENT, type Peer, peersDir, startPeers } from './peers.ts';
import { siteSource } from './source.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { startNpmStart, stopGroup } from '../tests/helpers/processes.ts';

const { values: options, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		// Lighthouse's figures vary from run to run: the LCP budget holds in every run.
		runs: { type: 'string', default: '1' },
		// Which pages: any of home, tool, newapp (comma-separated).
		pages: { type: 'string', default: 'home,tool,newapp' },
		// Keep each run's full Lighthouse report (JSON) in this directory.
		save: { type: 'string' },
		// A folder of peer sites to measure in the same sitting (the first-view budget compares the
		// home page with theirs); PEERS_DIR when not given. No default: it is outside the repository.
		peers: { type: 'string' },
		// An earlier commit, built and started (npm start, its own data) beside the site measured.
		against: { type: 'string' },
	},
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
	console.error(`--runs must be a whole number of at least 1, not "${options.runs}".`);
	process.exit(1);
}
const wanted = options.pages.split(',').map((page) => page.trim());
const PAGE_KEYS = ['home', 'tool', 'newapp', 'landscape', 'stats'];
const unknown = wanted.filter((page) => !PAGE_KEYS.includes(page));
if (unknown.length) {
	console.error(`--pages takes ${PAGE_KEYS.join(', ')}; unknown: ${unknown.join(', ')}.`);
	process.exit(1);
}
const config = loadConfig('start');
const base = (positionals[0] ?? `http://localhost:${config.port}`).replace(/\/$/, '');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SITE = 'this site';
const home = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } }).catch(
	() => null,
);
if (!home?.ok) {
	console.error(`Nothing answers at ${base}/: start the site first (npm start), or pass its URL.`);
	process.exit(1);
}
// Lighthouse's timings assume the bytes on the wire: an uncompressed page (netlify serve) is
// slower than the same page from a CDN, which compresses. Say which one was measured.
const encoding = home.headers.get('content-encoding') ?? 'uncompressed';
const serverName = home.headers.get('server') ?? 'no Server header';
// The first tool card on the home page stands for every tool page.
const toolPath = (await home.text()).match(/href="(\/app\/[^"]+\/)"/)?.[1];
const ourPages = (
	[
		['home', 'home', '/'],
		['tool', 'tool page', toolPath],
		['newapp', '/newapp/', '/newapp/'],
		// The market map and the stats (record 0023): budgeted as tool pages are.
		['landscape', '/landscape/', '/landscape/'],
		['stats', '/stats/', '/stats/'],
	] as const
)
	.filter(([key]) => wanted.includes(key))
	.flatMap(([, name, pagePath]) => (pagePath ? [{ name, path: pagePath }] : []));

const peersFolder = peersDir(options.peers);
if (!peersFolder) console.log(PEERS_ABSENT);
const peerServers = peersFolder ? await startPeers(peersFolder) : null;
const earlier = options.against ? await startEarlier(options.against) : null;
const sites: { name: string; base: string; pages: { name: string; path: string }[] }[] = [
	{ name: SITE, base, pages: ourPages },
	// An earlier commit has the home and tool pages at least; newer pages may not exist there.
	...(earlier
		? [
				{
					name: earlier.name,
					base: earlier.base,
					pages: ourPages.filter((page) => page.name === 'home' || page.name === 'tool page'),
				},
			]
		: []),
	...(peerServers?.peers ?? []).map((peer: Peer) => ({
		name: peer.name,
		base: peer.base,
		pages: ourPages
			.filter((page) => page.name === 'home' || page.name === 'tool page')
			.map((page) => (page.name === 'home' ? page : { ...page, path: peer.toolPath })),
	})),
];

const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
	chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const rows: string[][] = [];
const shortfalls: string[] = [];
/** LCPs and the lowest score per site and page: "this site · home". */
const lcpBy = new Map<string, number[]>();
const lowestScoreBy = new Map<string, number>();
const lcpElements = new Map<string, string>();
const beforePaint: string[] = [];
const elsewhere: string[] = [];
const key = (site: string, page: string) => `${site} · ${page}`;
if (options.save) await mkdir(options.save, { recursive: true });
try {
	// Interleaved: each run measures one page on every site before the next page, so the sites
	// share the machine's minutes alike.
	for (let run = 1; run <= runs; run++) {
		for (const pageName of ourPages.map((page) => page.name)) {
			for (const site of sites) {
				const page = site.pages.find((candidate) => candidate.name === pageName);
				if (page) await measurePage(site, page, run);
			}
		}
	}
} finally {
	chrome.kill();
	peerServers?.stop();
	await earlier?.stop();
}

/**
 * `npm start` of an earlier commit (a clean copy, bench/source.ts) on free ports with a data
 * directory of its own: the same sample catalogue, so its pages compare with this site's.
 */
async function startEarlier(ref: string) {
	const source = await siteSource(ref);
	const work = await mkdtemp(path.join(os.tmpdir(), 'contech-audit-'));
	const port = await freePort();
	const env = {
		PORT: String(port),
		EMBEDDED_DB_PORT: String(await freePort()),
		EMBEDDED_DB_DIR: path.join(work, 'pglite'),
		ASTRO_OUT_DIR: path.join(work, 'dist'),
		SUPABASE_URL: '',
	};
	const site = await startNpmStart([], env, 'site ready', 300_000, source.dir);
	return {
		name: `${ref} (earlier commit)`,
		base: `http://localhost:${port}`,
		async stop() {
			await stopGroup(site.child, 'SIGINT');
			await source.dispose();
			await rm(work, { recursive: true, force: true });
		},
	};
}

async function measurePage(
	site: (typeof sites)[number],
	page: { name: string; path: string },
	run: number,
) {
	// Ask for the page once first, as a CDN's cache would have it: a server that compresses a
	// file on its first request would otherwise bill that one-off work to this visit.
	await fetch(`${site.base}${page.path}`, { headers: { 'accept-encoding': 'br, gzip' } }).then(
		(response) => response.arrayBuffer(),
	);
	const lhr = await measure(`${site.base}${page.path}`);
	const siteLabel = site.name === SITE ? '' : `${site.name} · `;
	if (options.save) {
		const file = `${`${siteLabel}${page.name}`.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${run}.json`;
		await writeFile(path.join(options.save, file), JSON.stringify(lhr));
	}
	const label = `${siteLabel}${page.name}${runs > 1 ? ` #${run}` : ''}`;
	if (lhr.runtimeError)
		shortfalls.push(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
	// Largest contentful paint as Lighthouse simulates it (slow 4G, 4x CPU).
	const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
	const k = key(site.name, page.name);
	if (lcp != null) lcpBy.set(k, [...(lcpBy.get(k) ?? []), lcp]);
	for (const category of categories) {
		const value = lhr.categories[category]?.score;
		lowestScoreBy.set(k, Math.min(lowestScoreBy.get(k) ?? 100, value == null ? 0 : value * 100));
	}
	beforePaint.push(`${label}: ${requestsBeforePaint(lhr).join(', ') || 'the document alone'}`);
	const byOrigin = Map.groupBy(requestsElsewhere(lhr, site.base), (url) => new URL(url).origin);
	for (const [origin, urls] of byOrigin)
		elsewhere.push(
			`${label}: ${urls.length} to ${origin} (${urls[0]}${urls.length > 1 ? ', …' : ''})`,
		);
	const element = lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details);
	if (element) lcpElements.set(k, element);
	rows.push([
		`${label} (${page.path})`,
		...categories.map((c) => score(lhr.categories[c]?.score)),
		lcp == null ? '–' : `${(lcp / 1000).toFixed(2)} s`,
	]);
	// What kept a score below 100 matters for this site only.
	if (site.name !== SITE) return;
	for (const category of categories) {
		if (lhr.categories[category]?.score == null)
			shortfalls.push(`${label} · ${category}: no score`);
		for (const ref of lhr.categories[category]?.auditRefs ?? []) {
			const audit = lhr.audits[ref.id];
			if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
				const value = audit.displayValue ? ` (${audit.displayValue})` : '';
				shortfalls.push(`${label} · ${category}: ${audit.title}${value}`);
			}
		}
	}
}

/**
 * One Lighthouse run. A loaded machine sometimes loses the trace's navigation start
 * (NO_NAVSTART and the like): that says nothing about the page, so such a run is tried once more.
 */
async function measure(url: string) {
	for (let attempt = 1; ; attempt++) {
		const result = await lighthouse(url, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: [...categories],
		});
		if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
		if (!result.lhr.runtimeError || attempt === 2) return result.lhr;
		console.error(`${url}: ${result.lhr.runtimeError.code}, measuring again`);
	}
}

function median(sorted: number[]) {
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function score(value: number | null | undefined) {
	return value == null ? '–' : String(Math.round(value * 100));
}

/**
 * The requests besides the document that finished before the paint Chromium really made. Lantern
 * builds its LCP estimate from these: each one that needed a connection of its own (HTTP/1.1)
 * costs two simulated round trips after the document, whatever its priority.
 */
function requestsBeforePaint(lhr: { audits: Record<string, { details?: unknown }> }) {
	const metrics = lhr.audits.metrics?.details as
		{ items?: { observedLargestContentfulPaint?: number }[] } | undefined;
	const paint = metrics?.items?.[0]?.observedLargestContentfulPaint;
	const requests = (
		lhr.audits['network-requests']?.details as
			{ items?: { url: string; networkEndTime?: number; transferSize?: number }[] } | undefined
	)?.items;
	if (paint == null || !requests) return ['?'];
	return requests
		.slice(1)
		.filter((request) => (request.networkEndTime ?? Infinity) <= paint && request.transferSize)
		.map((request) => new URL(request.url).pathname.split('/').pop() || request.url);
}

/** Every request the page made to another origin than `base`'s (data: and blob: aside). */
function requestsElsewhere(lhr: { audits: Record<string, { details?: unknown }> }, base: string) {
	const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] })
		?.items;
	return (requests ?? [])
		.map((request) => request.url)
		.filter((url) => /^https?:/.test(url) && new URL(url).origin !== new URL(base).origin);
}

/** The LCP element's markup, from the first table of Lighthouse's element audit. */
function lcpElementOf(details: unknown): string | undefined {
	const items = (details as { items?: { items?: { node?: { snippet?: string } }[] }[] })?.items;
	const snippet = items?.[0]?.items?.[0]?.node?.snippet;
	return snippet && snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet;
}

function seconds(ms: number) {
	return `${(ms / 1000).toFixed(2)} s`;
}
const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) =>
	cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(
	`Lighthouse ${base}, mobile preset (simulated slow 4G, 4x CPU); ` +
		`the home page came ${encoding} (${serverName})\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log('\nLargest contentful paint per site and page:');
for (const [name, values] of lcpBy) {
	const sorted = [...values].sort((a, b) => a - b);
	const spread =
		values.length > 1
			? `${(sorted[0] / 1000).toFixed(2)}-${seconds(sorted.at(-1)!)} in ${values.length} runs, median ${seconds(median(sorted))}`
			: seconds(sorted[0]);
	console.log(`- ${name}: ${spread}; element ${lcpElements.get(name) ?? '?'}`);
}
console.log(`
First view, the budget of docs/design.md:
${firstViewVerdicts().join('\n')}`);
console.log(
	'\nRequests besides the document that ended before the first paint (Lantern counts them):',
);
for (const line of beforePaint) console.log(`- ${line}`);
if (encoding === 'uncompressed')
	console.log(
		'  (the HTML came uncompressed, as from netlify serve: a CDN compresses, so these LCP ' +
			'figures are pessimistic; measure npm start for the served-compressed figure)',
	);
console.log(
	elsewhere.length
		? `\nRequests to another origin than the page's site:\n- ${elsewhere.join('\n- ')}`
		: '\nNo page made a request to another origin than its site.',
);
console.log(
	shortfalls.length ? `\nBelow 100:\n- ${shortfalls.join('\n- ')}` : '\nEvery score is 100.',
);

/** The first-view budget for this site (docs/design.md), each part met, missed or not measured. */
function firstViewVerdicts(): string[] {
	const { toolLcpMs, homeLcpMedianMs, minScore } = BUDGETS.firstView;
	const lcps = (site: string, page: string) => lcpBy.get(key(site, page)) ?? [];
	const medianOf = (values: number[]) => median([...values].sort((a, b) => a - b));
	const says = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'MISSED');
	const tool = lcps(SITE, 'tool page');
	const home = lcps(SITE, 'home');
	const lines = [
		`- tool page LCP <= ${seconds(toolLcpMs)} in every run: ${tool.map(seconds).join(', ') || 'n/a'}: ${says(tool.length ? tool.every((v) => v <= toolLcpMs) : null)}`,
		`- home LCP median <= ${seconds(homeLcpMedianMs)}: ${home.length ? seconds(medianOf(home)) : 'n/a'}: ${says(home.length ? medianOf(home) <= homeLcpMedianMs : null)}`,
	];
	for (const page of ['/landscape/', '/stats/']) {
		const runsOf = lcps(SITE, page);
		if (runsOf.length)
			lines.push(
				`- ${page} LCP <= ${seconds(toolLcpMs)} (the tool pages' budget) in every run: ${runsOf.map(seconds).join(', ')}: ${says(runsOf.every((v) => v <= toolLcpMs))}`,
			);
	}
	const peers = sites.filter((site) => site.name !== SITE && site.name !== earlier?.name);
	if (earlier)
		for (const page of ['home', 'tool page']) {
			const ours = lcps(SITE, page);
			const theirs = lcps(earlier.name, page);
			lines.push(
				`- ${page} LCP median beside ${earlier.name}, same sitting: ${ours.length ? seconds(medianOf(ours)) : 'n/a'} against ${theirs.length ? seconds(medianOf(theirs)) : 'n/a'}${ours.length && theirs.length ? ` (×${(medianOf(ours) / medianOf(theirs)).toFixed(2)})` : ''}`,
			);
		}
	if (!peers.length)
		lines.push(
			"- home LCP below both peers' in the same sitting: not measured (no folder of peer sites: --peers <dir> or PEERS_DIR)",
		);
	for (const peer of peers) {
		const theirs = lcps(peer.name, 'home');
		const ok = home.length && theirs.length ? medianOf(home) < medianOf(theirs) : null;
		lines.push(
			`- home LCP median below ${peer.name}'s (${theirs.length ? seconds(medianOf(theirs)) : 'n/a'}, same sitting): ${says(ok)}`,
		);
	}
	for (const page of ['home', 'tool page']) {
		const lowest = lowestScoreBy.get(key(SITE, page));
		lines.push(
			`- every score of the ${page} >= ${minScore} in every run: lowest ${lowest === undefined ? 'n/a' : Math.round(lowest)}: ${says(lowest === undefined ? null : Math.round(lowest) >= minScore)}`,
		);
	}
	return lines;
}
