import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { execRaw } from './exec-raw.server.ts';
import {
	AUTH_CLEARTEXT,
	CANCEL_REQUEST,
	FLUSH,
	GSSENC_REQUEST,
	IDENTIFY_ANSWER,
	IDENTIFY_NONCE_BYTES,
	IDENTIFY_REQUEST,
	MAX_MESSAGE_BYTES,
	MAX_STARTUP_BYTES,
	PASSWORD_MESSAGE,
	PROTOCOL_3,
	QUERY,
	ROLLBACK_QUERY,
	SSL_REQUEST,
	SYNC,
	SYNC_MESSAGE,
	TERMINATE,
	digest,
	errorResponse,
} from './wire-protocol.server.ts';

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
	private readonly db: PGlite;
	private readonly idleInTransactionMs: number;
	private readonly proof: ((nonce: Buffer) => Buffer) | undefined;

	// Plain fields, not parameter properties: the database owner runs under Node's own type
	// stripping (no tsx), which accepts only erasable TypeScript (record 0012).
	constructor(
		db: PGlite,
		password: string,
		// A client that holds the one session in an open transaction and says nothing for this
		// long is cut off (its transaction rolled back): otherwise one stalled client, or one
		// whose machine vanished without a FIN, stops every other client, functions included.
		idleInTransactionMs = 15_000,
		// Answers a client's IDENTIFY_REQUEST before any login: the proof that this server owns
		// the client's data directory (identity.server.ts). Without it the request is refused.
		proof?: (nonce: Buffer) => Buffer,
	) {
		this.db = db;
		this.idleInTransactionMs = idleInTransactionMs;
		this.proof = proof;
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

	/** Listens on `port` (0: any free one) and resolves with the port it listens on. */
	listen(port: number, host: string): Promise<number> {
		const server = net.createServer((socket) => this.serve(socket));
		this.server = server;
		return new Promise((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
		});
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) =>
			this.server?.listening ? this.server.close(() => resolve()) : resolve(),
		);
	}

	/**
	 * A client left mid-transaction (or mid-batch): undo it and free the session for the others.
	 * Sync first, which ends an unfinished extended-protocol batch; then a simple-protocol
	 * rollback. Both go through execRaw (PGlite's raw protocol): PGlite's exec() takes the same mutex as
	 * runExclusive, so calling it in here waited on itself forever and froze every client.
	 */
	private async rollbackAndRelease(release: () => void) {
		await this.db
			.runExclusive(async () => {
				await execRaw(this.db, SYNC_MESSAGE);
				await execRaw(this.db, ROLLBACK_QUERY);
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
					// The whole batch in one call and its answer in one write: PGlite runs every
					// message of a buffer in turn (and skips to the Sync after an error, as Postgres
					// does). One message at a time cost a crossing into the WebAssembly and a socket
					// write per message, five for a typical call (record 0012, 2026-11-28).
					if (!socket.destroyed) {
						const reply = await this.db.runExclusive(() =>
							execRaw(this.db, messages.length === 1 ? messages[0] : Buffer.concat(messages)),
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
					else if (code === IDENTIFY_REQUEST && this.proof) {
						if (length !== 8 + IDENTIFY_NONCE_BYTES) return refuse('invalid identify request');
						const nonce = Buffer.from(message.subarray(8));
						socket.end(Buffer.concat([Buffer.from([IDENTIFY_ANSWER]), this.proof(nonce)]));
						return;
					} else if (code !== PROTOCOL_3) return refuse('unsupported frontend protocol');
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
