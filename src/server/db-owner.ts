// The embedded database's owner for `npm start`, run as its child process (see database.ts):
// no idle exit, stops when the parent says so (after the server has drained) or is gone.
import { embeddedDbConfig } from '../lib/embedded-db/config.server.ts';
import { EmbeddedDbBusyError, startEmbeddedDb } from '../lib/embedded-db/server.server.ts';

export type OwnerMessage = { ready: string } | { busy: string };

const send = (message: OwnerMessage) => process.send?.(message);

try {
	const db = await startEmbeddedDb(embeddedDbConfig(), { reopenAfterSetup: true });
	let stopping: Promise<void> | undefined;
	const stop = () => (stopping ??= db.stop().finally(() => process.exit(0)));
	// `on`, not `once`: a stop sent to the whole process group reaches this process twice (from
	// the group and from the parent), and a second SIGTERM without a handler would kill it
	// before it closed the database and removed its lock.
	process.on('SIGTERM', stop);
	// The parent's Ctrl-C reaches this process group too: the parent stops it once its requests
	// in flight are answered. If the parent dies without a word, its IPC channel closes.
	process.on('SIGINT', () => {});
	process.once('disconnect', stop);
	send({ ready: db.url });
} catch (error) {
	if (error instanceof EmbeddedDbBusyError) {
		send({ busy: error.message });
		process.exit(3);
	}
	console.error('embedded database failed to start:', error);
	process.exit(1);
}
