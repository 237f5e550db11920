import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// Postgres wire-protocol codes (https://www.postgresql.org/docs/current/protocol-message-formats.html).
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = 0x53; // 'S': ends an extended-protocol batch
const FLUSH = 0x48; // 'H': asks for output mid-batch (the client then waits, so we send)
const QUERY = 0x51; // 'Q': a simple query is a batch by itself
const TERMINATE = 0x58; // 'X'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

/** One lock for the single PGlite session, handed from client to client in arrival order. */
class SessionLock {
	private tail: Promise<void> = Promise.resolve();
	acquire(): Promise<() => void> {
		let release!: () => void;
		const next = new Promise<void>((resolve) => (release = resolve));
		const ready = this.tail.then(() => release);
		this.tail = this.tail.then(() => next);
		return ready;
	}
}

/**
 * Serves one PGlite to many Postgres clients. PGlite has a single session, so a client's
 * whole request (an extended-protocol batch up to Sync, or a simple query) runs without
 * interleaving, a client that flushed mid-batch keeps the session until its Sync, and a
 * client that opens a transaction keeps it until the transaction ends.
 * (@electric-sql/pglite-socket interleaves clients message by message, which mixes up
 * two clients' unnamed statements under concurrent load.)
 */
export class PgliteWireServer {
	private readonly lock = new SessionLock();
	private readonly sockets = new Set<net.Socket>();
	private server?: net.Server;

	constructor(private readonly db: PGlite) {}

	get activeConnections(): number {
		return this.sockets.size;
	}

	listen(port: number, host: string): Promise<void> {
		this.server = net.createServer((socket) => this.serve(socket));
		return new Promise((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(port, host, () => resolve());
		});
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	/**
	 * A client left mid-batch or mid-transaction: end its batch, undo it and free the session
	 * for the others. Without the Sync, PGlite still waited for the rest of the batch (a
	 * client gone between postgres.js's Parse/Describe/Flush and its Bind/Execute/Sync) and the
	 * rollback never returned, so the session stayed locked and every later client timed out.
	 */
	private async rollbackAndRelease(release: () => void) {
		try {
			await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC_MESSAGE));
			if (this.db.isInTransaction()) await this.db.runExclusive(() => this.db.exec('rollback'));
		} catch {
			// The session is released below whatever happened.
		} finally {
			release();
		}
	}

	private serve(socket: net.Socket) {
		this.sockets.add(socket);
		socket.setNoDelay(true);
		let buffer = Buffer.alloc(0);
		let started = false;
		let batch: Buffer[] = [];
		let holding: (() => void) | undefined; // set while this client holds an open transaction
		let work = Promise.resolve();

		const run = (messages: Buffer[], midBatch = false) =>
			(work = work.then(async () => {
				const release = holding ?? (await this.lock.acquire());
				holding = undefined;
				try {
					for (const message of messages) {
						if (socket.destroyed) break;
						const reply = await this.db.runExclusive(() =>
							this.db.execProtocolRaw(new Uint8Array(message)),
						);
						if (reply.length && !socket.destroyed) socket.write(reply);
					}
				} finally {
					if (!midBatch && !this.db.isInTransaction()) release();
					else if (!socket.destroyed) holding = release;
					else await this.rollbackAndRelease(release);
				}
			}));

		socket.on('data', (chunk) => {
			buffer = Buffer.concat([buffer, chunk]);
			while (buffer.length >= (started ? 5 : 8)) {
				if (!started) {
					const length = buffer.readInt32BE(0);
					if (buffer.length < length) return;
					const code = buffer.readInt32BE(4);
					const message = buffer.subarray(0, length);
					buffer = buffer.subarray(length);
					if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N');
					else if (code === CANCEL_REQUEST) socket.end();
					else {
						started = true;
						void run([message]);
					}
					continue;
				}
				const length = 1 + buffer.readInt32BE(1);
				if (buffer.length < length) return;
				const message = buffer.subarray(0, length);
				buffer = buffer.subarray(length);
				const type = message[0];
				if (type === TERMINATE) {
					socket.end();
					return;
				}
				batch.push(message);
				if (type === SYNC || type === QUERY || type === FLUSH) {
					void run(batch, type === FLUSH);
					batch = [];
				}
			}
		});
		const cleanup = () => {
			this.sockets.delete(socket);
			void work.then(async () => {
				if (holding) await this.rollbackAndRelease(holding);
				holding = undefined;
			});
		};
		socket.on('close', cleanup);
		socket.on('error', () => socket.destroy());
	}
}
