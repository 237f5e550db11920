// A bare Postgres wire-protocol client, for sending what no driver would.
import net from 'node:net';

/** A startup packet for protocol 3.0 as user postgres on database postgres. */
export function startupPacket(): Buffer {
	const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'utf8');
	const header = Buffer.alloc(8);
	header.writeInt32BE(8 + params.length, 0);
	header.writeInt32BE(196608, 4);
	return Buffer.concat([header, params]);
}

/** A typed message: one type byte, then a length that counts itself and the body. */
export function message(type: string, body: Buffer | string = Buffer.alloc(0)): Buffer {
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
	const header = Buffer.alloc(5);
	header.write(type, 0, 'latin1');
	header.writeInt32BE(4 + bytes.length, 1);
	return Buffer.concat([header, bytes]);
}

export interface RawConnection {
	socket: net.Socket;
	/** Everything received so far. */
	received: () => Buffer;
	/** Resolves when the server closes the connection (or after `ms`, with false). */
	closed: (ms: number) => Promise<boolean>;
}

export function connectRaw(port: number): Promise<RawConnection> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let received = Buffer.alloc(0);
		let isClosed = false;
		const closeWaiters: (() => void)[] = [];
		socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
		socket.on('close', () => {
			isClosed = true;
			for (const wake of closeWaiters) wake();
		});
		socket.on('error', () => {});
		socket.once('connect', () =>
			resolve({
				socket,
				received: () => received,
				closed: (ms) =>
					new Promise((done) => {
						if (isClosed) return done(true);
						const timer = setTimeout(() => done(false), ms);
						closeWaiters.push(() => (clearTimeout(timer), done(true)));
					}),
			}),
		);
		socket.once('error', reject);
	});
}

/** Resident memory of a process in MB (Linux /proc). */
export async function residentMb(pid: number): Promise<number> {
	const { readFile } = await import('node:fs/promises');
	const status = await readFile(`/proc/${pid}/status`, 'utf8');
	return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Waits until `raw` has received `bytes` (after `from`), or throws after `ms`. */
export async function waitFor(raw: RawConnection, bytes: Buffer, from = 0, ms = 10_000) {
	for (const deadline = Date.now() + ms; Date.now() < deadline;) {
		if (raw.received().indexOf(bytes, from) >= 0) return;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error(`did not receive ${bytes.toString('latin1')} within ${ms} ms`);
}

/** ReadyForQuery: idle ('I') or inside a transaction ('T'). */
export const readyForQuery = (status: 'I' | 'T') => Buffer.from(`Z\0\0\0\x05${status}`, 'latin1');

/** Logs in over a raw socket, as a driver would, and waits for ReadyForQuery. */
export async function loggedIn(port: number, password: string): Promise<RawConnection> {
	const raw = await connectRaw(port);
	raw.socket.write(startupPacket());
	raw.socket.write(message('p', `${password}\0`));
	await waitFor(raw, readyForQuery('I'));
	return raw;
}
