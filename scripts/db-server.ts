// Runs the embedded database (PGlite over the Postgres wire protocol) in the foreground.
// `npm start` runs it for the session; the build and the editor start it on demand.
import { parseArgs } from 'node:util';
import { embeddedDbConfig } from '../src/lib/embedded-db/config.server.ts';
import { EmbeddedDbBusyError, startEmbeddedDb } from '../src/lib/embedded-db/server.server.ts';

// --no-seed: an empty catalogue (the benchmark inserts its own).
const { values } = parseArgs({
	options: { 'idle-exit': { type: 'string' }, 'no-seed': { type: 'boolean' } },
});
const config = embeddedDbConfig();
const idleExitMs = values['idle-exit'] ? Number(values['idle-exit']) * 1000 : undefined;

try {
	const db = await startEmbeddedDb(config, {
		idleExitMs,
		onIdleExit: () => process.exit(0),
		seed: !values['no-seed'],
	});
	const migrated = db.applied.length ? ` (applied ${db.applied.join(', ')})` : '';
	console.log(`embedded database ready at ${db.url} with data in ${config.dataDir}${migrated}`);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => void db.stop().then(() => process.exit(0)));
	}
} catch (error) {
	if (error instanceof EmbeddedDbBusyError) {
		console.log(`embedded database: ${error.message}; leaving it to that process`);
		process.exit(0);
	}
	console.error('embedded database failed to start:', error);
	process.exit(1);
}
