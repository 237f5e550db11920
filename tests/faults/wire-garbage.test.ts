// Garbage on the wire port: a malformed length closes that one connection at once, and the
// owner keeps serving everyone else without its memory growing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { embeddedDbPassword } from '../../src/lib/embedded-db/password.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { faultEnv, type OwnerRun, startOwner, stopOwner } from './owner.ts';
import { connectRaw, loggedIn, message, residentMb, startupPacket } from './wire-client.ts';

const fault = await faultEnv();
const port = Number(fault.env.EMBEDDED_DB_PORT);
let owner: OwnerRun;

beforeAll(async () => {
	owner = await startOwner(fault.env);
});
afterAll(async () => {
	await stopOwner(owner.child);
	await fault.cleanup();
});

async function stillServes() {
	const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(fault.env)));
	try {
		const [{ n }] = await sql`select count(*)::int as n from construction_apps`;
		expect(n).toBeGreaterThan(100);
	} finally {
		await sql.end({ timeout: 5 });
	}
}

const int32 = (value: number) => {
	const bytes = Buffer.alloc(4);
	bytes.writeInt32BE(value);
	return bytes;
};

it.each([
	// The thirteen bytes of the report: a startup header, then a query whose length is -1.
	[
		'a negative message length after startup',
		() => Buffer.concat([int32(8), int32(196608), Buffer.from('Q'), int32(-1)]),
	],
	[
		'a zero startup length',
		() => Buffer.concat([int32(0), int32(80877103), Buffer.from('Q'), int32(0)]),
	],
	['a negative startup length', () => Buffer.concat([int32(-8), int32(196608)])],
	['a 2 GB startup packet', () => Buffer.concat([int32(0x7fffffff), int32(196608)])],
])('closes a connection that sends %s and keeps serving', async (_, garbage) => {
	const before = await residentMb(owner.child.pid!);
	const raw = await connectRaw(port);
	raw.socket.write(garbage());
	expect(await raw.closed(5000)).toBe(true);
	await stillServes();
	expect(await residentMb(owner.child.pid!)).toBeLessThan(before + 100);
});

it.each([
	['length -1', -1],
	['length 0', 0],
	['length 3 (below its own 4 bytes)', 3],
	['a length over the 64 MB cap', 0x7fffffff],
])('closes a logged-in connection whose query has %s', async (_, length) => {
	const raw = await loggedIn(port, embeddedDbPassword(fault.env.EMBEDDED_DB_DIR!));
	raw.socket.write(Buffer.concat([Buffer.from('Q'), int32(length), Buffer.from('select 1\0')]));
	expect(await raw.closed(5000)).toBe(true);
	await stillServes();
});

it('refuses a client without the password, or with a wrong one, and serves the right one', async () => {
	for (const attempt of ['', 'wrong-password']) {
		const raw = await connectRaw(port);
		raw.socket.write(startupPacket());
		raw.socket.write(message('p', `${attempt}\0`));
		expect(await raw.closed(5000)).toBe(true);
		expect(raw.received().toString('latin1')).toContain('password authentication failed');
	}
	const url = new URL(embeddedDbUrl(embeddedDbConfig(fault.env)));
	url.password = '';
	const anonymous = connectEmbedded(url.href);
	await expect(anonymous`select 1`).rejects.toThrow(/password/);
	await anonymous.end({ timeout: 5 });
	await stillServes();
});
