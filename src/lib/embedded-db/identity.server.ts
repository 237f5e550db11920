// How a client knows that a port is served by its own data directory's owner before it sends
// anything there (record 0020). Two checkouts on one machine both default to port 54329; a
// client that trusted whatever listened there used the other checkout's database, or failed to
// log in to it with its own password.
//
// The client sends a random nonce in a startup request of our own (IDENTIFY_REQUEST); the owner
// answers HMAC-SHA256(password, nonce + the data directory's real path). The password is the
// data directory's own (32 random bytes in an owner-only file beside it, password.server.ts):
// another user's program cannot compute the answer, another checkout's owner computes it with
// its own password and path, and a copy of `.data/` made elsewhere has another path. Nothing
// secret crosses the socket, so a foreign program on the port learns nothing, and a Postgres
// server refuses the request as an unknown protocol.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { realpathSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { embeddedDbPassword } from './password.server.ts';
import { IDENTIFY_ANSWER, IDENTIFY_NONCE_BYTES, IDENTIFY_REQUEST } from './wire-protocol.server.ts';

/** The data directory by its real path (a symlinked checkout and its target are one directory). */
export function canonicalDataDir(dataDir: string): string {
	const resolved = path.resolve(dataDir);
	try {
		return path.join(realpathSync(path.dirname(resolved)), path.basename(resolved));
	} catch {
		return resolved;
	}
}

/** The owner's answer to `nonce`: only the holder of this directory's password can make it. */
export function ownerProof(password: string, dataDir: string, nonce: Buffer): Buffer {
	return createHmac('sha256', password)
		.update(nonce)
		.update(canonicalDataDir(dataDir), 'utf8')
		.digest();
}

/**
 * What listens at `port`: `'ours'` (the owner of `dataDir`), `'free'` (nothing: the connection
 * was refused) or `'other'` (anything else: another checkout's database, another program, a
 * server that says nothing within `timeoutMs`).
 */
export function probeOwner(
	{ dataDir, host, port }: { dataDir: string; host: string; port: number },
	timeoutMs = 3000,
): Promise<'ours' | 'free' | 'other'> {
	const nonce = randomBytes(IDENTIFY_NONCE_BYTES);
	const expected = Buffer.concat([
		Buffer.from([IDENTIFY_ANSWER]),
		ownerProof(embeddedDbPassword(dataDir), dataDir, nonce),
	]);
	const request = Buffer.alloc(8 + IDENTIFY_NONCE_BYTES);
	request.writeInt32BE(request.length, 0);
	request.writeInt32BE(IDENTIFY_REQUEST, 4);
	nonce.copy(request, 8);
	return new Promise((resolve) => {
		const socket = net.connect({ host, port });
		let answer = Buffer.alloc(0);
		let settled = false;
		const done = (result: 'ours' | 'free' | 'other') => {
			if (settled) return;
			settled = true;
			socket.destroy();
			resolve(result);
		};
		socket.setTimeout(timeoutMs, () => done('other'));
		socket.once('connect', () => socket.write(request));
		socket.on('data', (chunk: Buffer) => {
			answer = Buffer.concat([answer, chunk]);
			if (answer.length >= expected.length)
				done(
					answer.length === expected.length && timingSafeEqual(answer, expected) ? 'ours' : 'other',
				);
		});
		socket.once('end', () => done('other'));
		// `on`: an error after the first must not go unhandled (it would end the process).
		socket.on('error', (error: NodeJS.ErrnoException) =>
			done(error.code === 'ECONNREFUSED' ? 'free' : 'other'),
		);
	});
}
