import { chromiumPath } from './chromium.ts';

export { chromiumPath, launchChromium } from './chromium.ts';

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
