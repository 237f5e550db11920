// The shared mailer: an SMTP server that never answers fails the send in bounded time.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.server.ts';
import { createMailer } from '../../src/lib/mail.server.ts';

let silent: net.Server;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
	// Accepts connections and never sends the SMTP greeting.
	silent = net.createServer((socket) => sockets.push(socket));
	await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
	port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
	for (const socket of sockets) socket.destroy();
	await new Promise((resolve) => silent.close(resolve));
});

describe('mailer over SMTP', () => {
	it('gives up on a server that never greets instead of hanging the request', async () => {
		const { mail } = parseConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }, 'functions');
		const mailer = createMailer(mail, { timeoutMs: 300 });
		const started = Date.now();
		await expect(
			mailer({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' }),
		).rejects.toThrow(/Greeting never received|timeout/i);
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(sockets.length).toBeGreaterThan(0);
	});
});
