// `npm run audit [url]`: Lighthouse (mobile preset, Debian Chromium, offline) on the home page, a
// tool page and /newapp/ of a site that is already running (default http://localhost:PORT,
// e.g. `npm start`). Prints the four category scores per page, then what kept each below 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../src/lib/config.server.ts';

const args = process.argv.slice(2);
const config = loadConfig('start');
const base = (
	args.find((arg) => !arg.startsWith('--')) ?? `http://localhost:${config.port}`
).replace(/\/$/, '');
// Offline the logo service cannot be reached; its failed requests would count as console
// errors that a deployed site does not have. --keep-logos lets them fail anyway.
const logoTemplate = config.logoUrlTemplate;
const blockedUrlPatterns = args.includes('--keep-logos')
	? []
	: [`${new URL(logoTemplate.replaceAll('{host}', 'x')).host}/*`];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const home = await fetch(`${base}/`).catch(() => null);
if (!home?.ok) {
	console.error(`Nothing answers at ${base}/: start the site first (npm start), or pass its URL.`);
	process.exit(1);
}
// The first tool card on the home page stands for every tool page.
const toolPath = (await home.text()).match(/href="(\/app\/[^"]+\/)"/)?.[1];
const pages: [string, string][] = [
	['home', '/'],
	...(toolPath ? [['tool page', toolPath] as [string, string]] : []),
	['/newapp/', '/newapp/'],
];

const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
	chromeFlags: [
		'--headless=new',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
});
const rows: string[][] = [];
const shortfalls: string[] = [];
try {
	for (const [name, path] of pages) {
		const result = await lighthouse(`${base}${path}`, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: [...categories],
			blockedUrlPatterns,
		});
		if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
		const { lhr } = result;
		if (lhr.runtimeError)
			shortfalls.push(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
		// Largest contentful paint as Lighthouse simulates it (slow 4G, 4x CPU): budget <= 1.0 s.
		const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
		rows.push([
			`${name} (${path})`,
			...categories.map((c) => score(lhr.categories[c]?.score)),
			lcp == null ? '–' : `${(lcp / 1000).toFixed(2)} s`,
		]);
		for (const category of categories) {
			if (lhr.categories[category]?.score == null)
				shortfalls.push(`${name} · ${category}: no score`);
			for (const ref of lhr.categories[category]?.auditRefs ?? []) {
				const audit = lhr.audits[ref.id];
				if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
					const value = audit.displayValue ? ` (${audit.displayValue})` : '';
					shortfalls.push(`${name} · ${category}: ${audit.title}${value}`);
				}
			}
		}
	}
} finally {
	chrome.kill();
}

function score(value: number | null | undefined) {
	return value == null ? '–' : String(Math.round(value * 100));
}

const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) =>
	cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(
	`Lighthouse ${base}, mobile preset${blockedUrlPatterns.length ? ', logo requests blocked' : ''}\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
	shortfalls.length ? `\nBelow 100:\n- ${shortfalls.join('\n- ')}` : '\nEvery score is 100.',
);
