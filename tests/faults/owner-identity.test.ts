// Record 0020: a client knows its own data directory's owner by a proof it cannot be given by
// anything else on the port (another checkout's owner, a copy of its directory elsewhere, a
// Postgres server, a program that says nothing), and sends no secret to find out.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { probeOwner } from '../../src/lib/embedded-db/identity.server.ts';
import { passwordFile } from '../../src/lib/embedded-db/password.server.ts';
import { errorResponse } from '../../src/lib/embedded-db/wire-protocol.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let root: string;
const servers: net.Server[] = [];
const host = '127.0.0.1';

beforeAll(async () => {
	db = await startTestDb();
	root = await mkdtemp(path.join(os.tmpdir(), 'contech-identity-'));
});
afterAll(async () => {
	for (const server of servers) server.close();
	await db.stop();
	await rm(root, { recursive: true, force: true });
});

/** A TCP server on a free port that answers every connection with `answer` (or nothing). */
async function foreign(answer?: (socket: net.Socket, data: Buffer) => void): Promise<number> {
	const server = net.createServer((socket) => {
		socket.on('data', (data) => answer?.(socket, data));
		socket.on('error', () => {});
	});
	servers.push(server);
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, host, resolve));
	return port;
}

it('answers its own data directory, and nobody else', async () => {
	expect(await probeOwner({ dataDir: db.dataDir, host, port: db.port })).toBe('ours');

	// Another checkout: its own password, its own path.
	expect(await probeOwner({ dataDir: path.join(root, 'other/pglite'), host, port: db.port })).toBe(
		'other',
	);

	// A copy of the directory made elsewhere (the same password file): not the same database.
	const copy = path.join(root, 'copy/pglite');
	await mkdir(path.dirname(copy), { recursive: true });
	await copyFile(passwordFile(db.dataDir), passwordFile(copy));
	expect(await probeOwner({ dataDir: copy, host, port: db.port })).toBe('other');
});

it('tells a free port from a foreign server, whatever it answers', async () => {
	expect(await probeOwner({ dataDir: db.dataDir, host, port: await freePort() })).toBe('free');

	// A Postgres server refuses the request as an unknown protocol.
	const postgres = await foreign((socket) =>
		socket.end(errorResponse('unsupported frontend protocol 1234.6575')),
	);
	expect(await probeOwner({ dataDir: db.dataDir, host, port: postgres })).toBe('other');

	// A program that echoes what it is sent (the nonce is not the proof).
	const echo = await foreign((socket, data) => socket.write(data));
	expect(await probeOwner({ dataDir: db.dataDir, host, port: echo })).toBe('other');

	// A program that says nothing: given up on within the timeout.
	const silent = await foreign();
	const started = Date.now();
	expect(await probeOwner({ dataDir: db.dataDir, host, port: silent }, 500)).toBe('other');
	expect(Date.now() - started).toBeLessThan(2000);
});
