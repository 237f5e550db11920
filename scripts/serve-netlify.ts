// `npm run serve:netlify`: Netlify's own local server (`netlify serve --offline`), to check the
// Netlify configuration itself. It builds with netlify.toml's command and runs each function
// call in a fresh worker, so it is slow under load; `npm start` is the server for everyday use.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
	EmbeddedDbPortTakenError,
	embeddedDbConfig,
} from '../src/lib/embedded-db/config.server.ts';
import { ensureLocalSecret, LOCAL_SECRETS } from '../src/lib/embedded-db/local-secrets.server.ts';
import { keepEmbeddedDb, type KeptDatabase } from '../src/server/database.ts';

const port = process.env.PORT ?? '8888';
let db: KeptDatabase | undefined;
try {
	if (!process.env.SUPABASE_URL) {
		// As npm start does (record 0027): the functions read the secrets generated for the data directory.
		const { dataDir } = embeddedDbConfig();
		for (const name of Object.keys(LOCAL_SECRETS) as (keyof typeof LOCAL_SECRETS)[])
			if (!process.env[name]) ensureLocalSecret(dataDir, name);
		db = await keepEmbeddedDb(embeddedDbConfig());
	}
} catch (error) {
	if (!(error instanceof EmbeddedDbPortTakenError)) throw error;
	console.error(error.message);
	process.exit(1);
}

const env = {
	...process.env,
	ASTRO_TELEMETRY_DISABLED: '1',
	NETLIFY_TELEMETRY_DISABLED: '1',
	BROWSER: 'none',
	// netlify-cli keeps its settings here; telemetry is switched off in it below.
	XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.resolve('.data/netlify-config'),
	SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
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
	serve.on(
		'exit',
		(code) => void (db?.stop() ?? Promise.resolve()).then(() => process.exit(code ?? 0)),
	);
});
