// `npm start`: the whole site on one machine, offline, no login. Keeps the embedded database
// for its whole life, builds the site from it as a release (record 0013) and serves the current
// release and the two functions, warm, from one Node process (src/server/); an editor's rebuild
// publishes the next release. `npm start -- --no-build` serves the dist/ `npm run build` made.
// `npm run serve:netlify` runs Netlify's own local server instead.
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { astroBuild } from '../src/features/editor/rebuild.server.ts';
import { loadConfig } from '../src/lib/config.server.ts';
import { EmbeddedDbPortTakenError } from '../src/lib/embedded-db/config.server.ts';
import { ensureLocalSecret, LOCAL_SECRETS } from '../src/lib/embedded-db/local-secrets.server.ts';
import { keepEmbeddedDb, type KeptDatabase } from '../src/server/database.ts';
import { publishRelease } from '../src/server/releases.ts';
import { ServedReleases } from '../src/server/served.ts';
import { startSiteServer } from '../src/server/serve.ts';

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
let config = loadConfig('start');
// The link secret and the rate limit's salt: the environment's, else generated once for this data
// directory beside its password (record 0027), which the in-process functions and the editor
// read. Nothing is ever signed with a value in the repository.
if (config.backend.kind === 'embedded') {
	const { dataDir } = config.backend.db;
	for (const name of Object.keys(LOCAL_SECRETS) as (keyof typeof LOCAL_SECRETS)[])
		if (!process.env[name]) ensureLocalSecret(dataDir, name);
	config = loadConfig('start');
}
// The build and the in-process functions read the environment: the address they link to is this one.
process.env.SITE_URL = config.siteUrl;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

const outDir = path.resolve(config.outDir);
if (values['no-build'] && !existsSync(outDir)) {
	console.error(`Nothing built at ${outDir}: run \`npm run build\` first, or \`npm start\` alone.`);
	process.exit(1);
}

let db: KeptDatabase | undefined;
try {
	if (config.backend.kind === 'embedded') db = await keepEmbeddedDb(config.backend.db);
} catch (error) {
	// EMBEDDED_DB_PORT held by another program: its one sentence, before anything else is done.
	if (!(error instanceof EmbeddedDbPortTakenError)) throw error;
	console.error(error.message);
	process.exit(1);
}

// Held from now on, so an editor's rebuild made while this one builds is served too, and the
// editor finds this address (SITE_URL, or this port).
const releases = await ServedReleases.open(config.releasesDir);
await releases.announce(config.siteUrl);
console.log(values['no-build'] ? `serving ${outDir} as a release…` : 'building the site…');
const started = performance.now();
try {
	await publishRelease(config.releasesDir, (release) =>
		values['no-build'] ? cp(outDir, release, { recursive: true }) : astroBuild(release),
	);
} catch (error) {
	await releases.close();
	await db?.stop();
	throw error;
}
console.log(`published in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// Its own address's host and the listening address besides loopback, and those the operator
// lists (ALLOWED_HOSTS): any other Host header is refused (record 0027).
const server = await startSiteServer({
	port: config.port,
	host: config.host,
	releases,
	allowedHosts: [
		new URL(config.siteUrl).hostname,
		...(['0.0.0.0', '::'].includes(config.host) ? [] : [config.host]),
		...config.allowedHosts,
	],
});
console.log(`site ready at http://localhost:${server.port}/ (Ctrl-C stops it)`);

let stoppingSince = 0;
const stop = async (signal: NodeJS.Signals) => {
	// Ctrl-C reaches every process of the terminal's group, and npm relays it too: the same
	// press can arrive twice. Only a later, separate one means "stop now".
	if (stoppingSince) {
		if (Date.now() - stoppingSince < 2000) return;
		console.log(`${signal} again: exiting now`);
		process.exit(1);
	}
	stoppingSince = Date.now();
	console.log(`${signal}: finishing the requests in flight, then closing the database…`);
	await server.close(5000);
	await db?.stop();
	console.log('stopped');
	process.exit(0);
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
