// Debian's Chromium for the browser tests and the benchmark (never a downloaded browser).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. */
export function chromiumPath(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
	return candidates.find((candidate) => candidate && existsSync(candidate));
}

/** The flags this machine needs: no sandbox (root), no GPU, no network beyond what a page asks for. */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/**
 * Headless Chromium with the flags this machine needs (no network beyond loopback); Playwright
 * gives each launch a fresh profile. `env` adds to the browser's environment (the layout test's
 * FONTCONFIG_FILE, record 0029).
 */
export function launchChromium(
	extraArgs: string[] = [],
	env: Record<string, string> = {},
): Promise<Browser> {
	const executablePath = chromiumPath();
	if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium');
	return chromium.launch({
		executablePath,
		headless: true,
		args: [...CHROMIUM_FLAGS, ...extraArgs],
		...(Object.keys(env).length ? { env: { ...process.env, ...env } } : {}),
	});
}
