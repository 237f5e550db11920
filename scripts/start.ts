// `npm start`: the whole site on one machine, offline, no login. Keeps the embedded database
// for its whole life, builds the site from it (aside, then swapped in) and serves dist/ and the
// two functions, warm, from one Node process (src/server/). `npm start -- --no-build` serves
// the dist/ already built. `npm run serve:netlify` runs Netlify's own local server instead.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildInPlace } from '../src/features/editor/rebuild.server.ts';
import { loadConfig } from '../src/lib/config.server.ts';
import { keepEmbeddedDb, type KeptDatabase } from '../src/server/database.ts';
import { startSiteServer } from '../src/server/serve.ts';

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const config = loadConfig('start');
// The build and the in-process functions read the environment: the address they link to is this one.
process.env.SITE_URL = config.siteUrl;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

let db: KeptDatabase | undefined;
if (config.backend.kind === 'embedded') db = await keepEmbeddedDb(config.backend.db);

if (!values['no-build']) {
	console.log('building the site…');
	const started = performance.now();
	try {
		await buildInPlace(path.resolve(config.outDir));
	} catch (error) {
		await db?.stop();
		throw error;
	}
	console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const server = await startSiteServer({
	port: config.port,
	host: config.host,
	publishDir: config.outDir,
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
