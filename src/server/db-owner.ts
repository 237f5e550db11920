// The embedded database's owner: the one program that opens a data directory and serves it over
// the Postgres wire protocol (record 0001). Started only by src/lib/embedded-db/owner-process.server.ts,
// or by hand with `npm run db`. Two ways to run:
//
// - `npm start`'s child, with an IPC channel (src/server/database.ts): no idle exit, reopened
//   after a first setup (record 0012), tells its parent `ready`/`busy`/`taken`, and stops when the
//   parent says so (after the server has drained) or is gone.
// - On its own (the build's and the editor's on-demand owner, `npm run db`, tests, benchmarks):
//   prints "embedded database ready at <url>", stops on SIGINT or SIGTERM, and with
//   `--idle-exit <seconds>` once nobody has used it that long. `--no-seed`: an empty catalogue.
//
// Node runs this file without tsx (type stripping): every file it imports uses erasable syntax only.
import { parseArgs } from 'node:util';
import { embeddedDbConfig } from '../lib/embedded-db/config.server.ts';
import {
	EmbeddedDbBusyError,
	EmbeddedDbPortTakenError,
	startEmbeddedDb,
} from '../lib/embedded-db/server.server.ts';

export type OwnerMessage =
	{ ready: string; port: number; portNote?: string } | { busy: string } | { taken: string };

const { values } = parseArgs({
	options: { 'idle-exit': { type: 'string' }, 'no-seed': { type: 'boolean' } },
});
const child = typeof process.send === 'function';
const send = (message: OwnerMessage) => process.send?.(message);

try {
	const config = embeddedDbConfig();
	const db = await startEmbeddedDb(config, {
		idleExitMs: values['idle-exit'] ? Number(values['idle-exit']) * 1000 : undefined,
		onIdleExit: () => process.exit(0),
		seed: !values['no-seed'],
		reopenAfterSetup: child,
	});
	let stopping: Promise<void> | undefined;
	const stop = () => (stopping ??= db.stop().finally(() => process.exit(0)));
	// `on`, not `once`: a stop sent to the whole process group reaches this process twice (from
	// the group and from the parent), and a second signal without a handler would kill it before
	// it closed the database and removed its lock.
	process.on('SIGTERM', stop);
	if (child) {
		// The parent's Ctrl-C reaches this process group too: the parent stops it once its requests
		// in flight are answered. If the parent dies without a word, its IPC channel closes.
		process.on('SIGINT', () => {});
		process.once('disconnect', stop);
		send({ ready: db.url, port: db.port, portNote: db.portNote });
	} else {
		process.on('SIGINT', stop);
		if (db.portNote) console.log(`embedded database: ${db.portNote}`);
		const migrated = db.applied.length ? ` (applied ${db.applied.join(', ')})` : '';
		console.log(`embedded database ready at ${db.url} with data in ${config.dataDir}${migrated}`);
	}
} catch (error) {
	if (error instanceof EmbeddedDbBusyError) {
		// Another owner has the directory: clients find it by its port file.
		if (child) send({ busy: error.message });
		else console.log(`embedded database: ${error.message}; leaving it to that process`);
		process.exit(child ? 3 : 0);
	}
	if (error instanceof EmbeddedDbPortTakenError) {
		if (child) send({ taken: error.message });
		else console.error(error.message);
		process.exit(4);
	}
	console.error('embedded database failed to start:', error);
	process.exit(1);
}
