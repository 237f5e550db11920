// Netlify's `_redirects` file (https://docs.netlify.com/routing/redirects/) for `npm start`:
// the build writes one (the reverse "A vs B" addresses, src/pages/[redirects].ts) into each
// release. Only what the site writes is supported: `from to [status]` with exact paths. As on
// Netlify, a rule applies only where no file answers (no shadowing), and the file itself is
// configuration, never served.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

export interface Redirect {
	to: string;
	status: 301 | 302 | 303 | 307 | 308;
}

export const REDIRECTS_FILE = '_redirects';
const STATUSES = new Set([301, 302, 303, 307, 308]);

/** The rules of a `_redirects` text; a line it cannot honour exactly is reported, not guessed. */
export function parseRedirects(
	text: string,
	warn: (message: string) => void = console.warn,
): Map<string, Redirect> {
	const rules = new Map<string, Redirect>();
	text.split('\n').forEach((raw, index) => {
		const line = raw.trim();
		if (!line || line.startsWith('#')) return;
		const [from, to, code = '301', ...rest] = line.split(/\s+/);
		const status = Number(code);
		const exact = (value: string | undefined) =>
			Boolean(value?.startsWith('/') && !/[*:!]/.test(value));
		if (rest.length || !exact(from) || !to || !STATUSES.has(status)) {
			warn(`[server] _redirects line ${index + 1} left out (not an exact path rule): ${line}`);
			return;
		}
		if (!rules.has(from)) rules.set(from, { to, status: status as Redirect['status'] });
	});
	return rules;
}

/** Each release's rules, read once: a release never changes after it is built. */
export function releaseRedirects() {
	// Old releases go away; the rules of the last few only.
	const byRoot = new LRUCache<string, Map<string, Redirect>>({ max: 4 });
	return (root: string, pathname: string): Redirect | undefined => {
		let rules = byRoot.get(root);
		if (!rules) {
			let text = '';
			try {
				text = readFileSync(path.join(root, REDIRECTS_FILE), 'utf8');
			} catch {
				// No file: no rules.
			}
			rules = parseRedirects(text);
			byRoot.set(root, rules);
		}
		return rules.get(pathname);
	};
}
