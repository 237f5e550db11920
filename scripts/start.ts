// `npm start`: the whole site on one machine, offline, no login. Runs the embedded database,
// then `netlify serve`, which builds the static site from it and serves it with the functions.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../src/lib/config.server.ts';
import { isListening } from '../src/lib/embedded-db/ensure.server.ts';
import { startEmbeddedDb } from '../src/lib/embedded-db/server.server.ts';

const config = loadConfig('start');
const port = String(config.port);

let stopDb = async () => {};
if (config.backend.kind === 'embedded') {
	const dbConfig = config.backend.db;
	if (await isListening(dbConfig)) {
		console.log(`embedded database already running on port ${dbConfig.port}; using it`);
	} else {
		const db = await startEmbeddedDb(dbConfig);
		stopDb = db.stop;
		console.log(`embedded database ready (${dbConfig.dataDir})`);
	}
}

const env = {
	...process.env,
	ASTRO_TELEMETRY_DISABLED: '1',
	NETLIFY_TELEMETRY_DISABLED: '1',
	BROWSER: 'none',
	// netlify-cli keeps its settings here; telemetry is switched off in it below.
	XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.resolve('.data/netlify-config'),
	SITE_URL: config.siteUrl,
};
const netlify = path.resolve('node_modules/.bin/netlify');
spawn(netlify, ['--telemetry-disable'], { env, stdio: 'ignore' }).on('exit', () => {
	const serve = spawn(
		netlify,
		['serve', '--offline', '--internal-disable-edge-functions', '--port', port],
		{ env, stdio: 'inherit' },
	);
	const shutdown = () => serve.kill('SIGTERM');
	process.once('SIGINT', shutdown);
	process.once('SIGTERM', shutdown);
	serve.on('exit', (code) => void stopDb().then(() => process.exit(code ?? 0)));
});
