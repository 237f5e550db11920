// Debian's Chromium for the browser tests and the benchmark (never a downloaded browser).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. */
export function chromiumPath(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
	return candidates.find((candidate) => candidate && existsSync(candidate));
}

/** Headless Chromium with the flags this machine needs (no network beyond loopback); Playwright gives each launch a fresh profile. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
	const executablePath = chromiumPath();
	if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium');
	return chromium.launch({
		executablePath,
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			...extraArgs,
		],
	});
}
