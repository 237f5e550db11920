// Child process of the benchmark: owns one throwaway embedded database until SIGTERM.
// A process per database, because a second PGlite in one Node process has crashed V8 here
// ("Check failed: jit_page.has_value()"), and because the owner is a separate process in use too.
import { parseArgs } from 'node:util';
import { startEmbeddedDb } from '../../src/lib/embedded-db/server.server.ts';

const { values } = parseArgs({
	options: {
		dir: { type: 'string' },
		port: { type: 'string' },
		seed: { type: 'boolean', default: false },
	},
});
const db = await startEmbeddedDb(
	{ dataDir: values.dir!, port: Number(values.port), host: '127.0.0.1' },
	{ seed: values.seed },
);
console.log(`BENCH_DB_READY ${db.url}`);
const stop = () => void db.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
