import { createHash } from 'node:crypto';

// The Postgres wire protocol as the embedded database's server speaks it: message codes, the
// limits it enforces and the few messages it writes itself.

// Postgres wire-protocol codes (https://www.postgresql.org/docs/current/protocol-message-formats.html).
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
// Ours, in the range Postgres keeps for such requests (1234.xxxx): "prove you own my data
// directory" (identity.server.ts). A Postgres server refuses it as an unknown protocol.
export const IDENTIFY_REQUEST = 80877999;
export const IDENTIFY_NONCE_BYTES = 32;
export const IDENTIFY_ANSWER = 0x49; // 'I', then the 32-byte proof
export const SYNC = 0x53; // 'S': ends an extended-protocol batch
export const FLUSH = 0x48; // 'H': asks for output mid-batch (the client then waits, so we send)
export const QUERY = 0x51; // 'Q': a simple query is a batch by itself
export const TERMINATE = 0x58; // 'X'
export const PASSWORD_MESSAGE = 0x70; // 'p'
export const PROTOCOL_3 = 196608;
// A startup packet or password is a few hundred bytes; Postgres itself caps startup at 10,000.
export const MAX_STARTUP_BYTES = 10_000;
// Our largest real message is a benchmark's bulk insert (a few MB); 64 MB leaves ample room
// while one connection cannot make the owner buffer gigabytes.
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
// AuthenticationCleartextPassword: acceptable on loopback only, which is all we listen on
// (seeing loopback traffic takes the same privileges as reading the password file).
export const AUTH_CLEARTEXT = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

export const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
export const ROLLBACK_QUERY = (() => {
	const body = Buffer.from('rollback\0', 'latin1');
	const header = Buffer.from([QUERY, 0, 0, 0, 0]);
	header.writeInt32BE(4 + body.length, 1);
	return new Uint8Array(Buffer.concat([header, body]));
})();

/** A FATAL ErrorResponse, sent before closing a connection we refuse. */
export function errorResponse(message: string): Buffer {
	const fields = Buffer.from(`SFATAL\0VFATAL\0C28000\0M${message}\0\0`, 'utf8');
	const header = Buffer.alloc(5);
	header[0] = 0x45; // 'E'
	header.writeInt32BE(4 + fields.length, 1);
	return Buffer.concat([header, fields]);
}

export const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
