import { createHash, timingSafeEqual } from 'node:crypto';
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
const PASSWORD_MESSAGE = 0x70; // 'p'
const PROTOCOL_3 = 196608;
// A startup packet or password is a few hundred bytes; Postgres itself caps startup at 10,000.
const MAX_STARTUP_BYTES = 10_000;
// Our largest real message is a benchmark's bulk insert (a few MB); 64 MB leaves ample room
// while one connection cannot make the owner buffer gigabytes.
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
// AuthenticationCleartextPassword: acceptable on loopback only, which is all we listen on
// (seeing loopback traffic takes the same privileges as reading the password file).
const AUTH_CLEARTEXT = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
const ROLLBACK_QUERY = (() => {
	const body = Buffer.from('rollback\0', 'latin1');
	const header = Buffer.from([QUERY, 0, 0, 0, 0]);
	header.writeInt32BE(4 + body.length, 1);
	return new Uint8Array(Buffer.concat([header, body]));
})();

/** A FATAL ErrorResponse, sent before closing a connection we refuse. */
function errorResponse(message: string): Buffer {
	const fields = Buffer.from(`SFATAL\0VFATAL\0C28000\0M${message}\0\0`, 'utf8');
	const header = Buffer.alloc(5);
	header[0] = 0x45; // 'E'
	header.writeInt32BE(4 + fields.length, 1);
	return Buffer.concat([header, fields]);
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

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
 * client that opens a transaction keeps it until the transaction ends. A client logs in with
 * the password first; a malformed length or a wrong password closes that connection only.
 * (@electric-sql/pglite-socket interleaves clients message by message, which mixes up
 * two clients' unnamed statements under concurrent load.)
 */
export class PgliteWireServer {
	private readonly lock = new SessionLock();
	private readonly sockets = new Set<net.Socket>();
	private server?: net.Server;

	private readonly passwordDigest: Buffer;

	constructor(
		private readonly db: PGlite,
		password: string,
		// A client that holds the one session in an open transaction and says nothing for this
		// long is cut off (its transaction rolled back): otherwise one stalled client, or one
		// whose machine vanished without a FIN, stops every other client, functions included.
		private readonly idleInTransactionMs = 15_000,
	) {
		this.passwordDigest = digest(Buffer.from(password, 'utf8'));
	}

	/** Compares in constant time (digests of equal length), without the trailing NUL. */
	private passwordMatches(body: Buffer): boolean {
		const given = body.at(-1) === 0 ? body.subarray(0, -1) : body;
		return timingSafeEqual(digest(given), this.passwordDigest);
	}

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
	 * A client left mid-transaction (or mid-batch): undo it and free the session for the others.
	 * Sync first, which ends an unfinished extended-protocol batch; then a simple-protocol
	 * rollback. Both go through execProtocolRaw: PGlite's exec() takes the same mutex as
	 * runExclusive, so calling it in here waited on itself forever and froze every client.
	 */
	private async rollbackAndRelease(release: () => void) {
		await this.db
			.runExclusive(async () => {
				await this.db.execProtocolRaw(SYNC_MESSAGE);
				await this.db.execProtocolRaw(ROLLBACK_QUERY);
			})
			.catch(() => {});
		release();
	}

	private serve(socket: net.Socket) {
		this.sockets.add(socket);
		socket.setNoDelay(true);
		let buffer = Buffer.alloc(0);
		let batch: Buffer[] = [];
		let holding: (() => void) | undefined; // set while this client holds an open transaction
		let idleTimer: NodeJS.Timeout | undefined;
		let work = Promise.resolve();
		const armIdleTimer = () => {
			clearTimeout(idleTimer);
			idleTimer = setTimeout(() => socket.destroy(), this.idleInTransactionMs);
		};

		const run = (messages: Buffer[], midBatch = false) =>
			(work = work.then(async () => {
				clearTimeout(idleTimer);
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
					else if (!socket.destroyed) {
						holding = release;
						armIdleTimer();
					} else await this.rollbackAndRelease(release);
				}
			}));

		let phase: 'startup' | 'password' | 'ready' = 'startup';
		let startup: Buffer | undefined; // replayed to PGlite once the password is right
		const refuse = (message: string) => {
			if (!socket.destroyed) socket.end(errorResponse(message));
			socket.destroy();
			buffer = Buffer.alloc(0);
		};

		const receive = (chunk: Buffer) => {
			buffer = Buffer.concat([buffer, chunk]);
			while (!socket.destroyed && buffer.length >= (phase === 'startup' ? 8 : 5)) {
				if (phase === 'startup') {
					const length = buffer.readInt32BE(0);
					// A length below the header or above any startup packet is garbage: without this
					// check a zero length never consumes the buffer and the loop spins forever.
					if (length < 8 || length > MAX_STARTUP_BYTES)
						return refuse('invalid startup packet length');
					if (buffer.length < length) return;
					const code = buffer.readInt32BE(4);
					const message = buffer.subarray(0, length);
					buffer = buffer.subarray(length);
					if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N');
					else if (code === CANCEL_REQUEST) socket.end();
					else if (code !== PROTOCOL_3) return refuse('unsupported frontend protocol');
					else {
						startup = Buffer.from(message);
						phase = 'password';
						socket.write(AUTH_CLEARTEXT);
					}
					continue;
				}
				const declared = buffer.readInt32BE(1); // counts itself (4 bytes), not the type byte
				const cap = phase === 'ready' ? MAX_MESSAGE_BYTES : MAX_STARTUP_BYTES;
				if (declared < 4 || declared > cap) return refuse('invalid message length');
				const length = 1 + declared;
				if (buffer.length < length) return;
				const message = buffer.subarray(0, length);
				buffer = buffer.subarray(length);
				const type = message[0];
				if (phase === 'password') {
					if (type !== PASSWORD_MESSAGE || !this.passwordMatches(message.subarray(5))) {
						return refuse('password authentication failed for user "postgres"');
					}
					phase = 'ready';
					void run([startup!]);
					continue;
				}
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
		};
		socket.on('data', (chunk) => {
			clearTimeout(idleTimer);
			receive(chunk);
			// Still holding the session with nothing to run (a partial message): keep counting.
			if (holding && !socket.destroyed) armIdleTimer();
		});
		const cleanup = () => {
			clearTimeout(idleTimer);
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
