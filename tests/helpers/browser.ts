import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. Never a downloaded browser. */
export function chromiumPath(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
	return candidates.find((candidate) => candidate && existsSync(candidate));
}

/**
 * Whether browser tests run here. On CI (CI=true) a missing browser is a failure, not a
 * skip; on a developer machine the tests are skipped with a message saying what to install.
 */
export function browserAvailable(): boolean {
	if (chromiumPath()) return true;
	if (process.env.CI === 'true') {
		throw new Error(
			'CI=true but no Chromium found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH',
		);
	}
	console.warn(
		'Browser tests skipped: install Chromium (`apt-get install -y chromium`) or set CHROMIUM_PATH.',
	);
	return false;
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
