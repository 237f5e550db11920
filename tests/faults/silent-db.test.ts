// A database that accepts connections and never answers (a hung server, a black-holed
// network): the functions answer a JSON 503 within a bounded time instead of running until
// the platform kills them, and save again as soon as a real database answers on that port,
// without a restart.
import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import { postJson } from '../functions/harness.ts';
import { faultEnv, type OwnerRun, startOwner, stopOwner } from './owner.ts';

const fault = await faultEnv({ RATE_LIMIT_PER_HOUR: '1000' });
const port = Number(fault.env.EMBEDDED_DB_PORT);
const held: net.Socket[] = [];
const silent = net.createServer((socket) => held.push(socket)); // accepts, reads, says nothing
let owner: OwnerRun | undefined;
afterAll(async () => {
	for (const socket of held) socket.destroy();
	silent.close();
	if (owner) await stopOwner(owner.child);
	await fault.cleanup();
});

it('answers a JSON 503 within the deadline while the database is silent, then recovers', async () => {
	await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
	const deps = { ...formDepsFromEnv(fault.env), logError: () => {} };
	const subscribe = createSubscribeHandler(
		deps,
		doubleOptIn({ ...newsletterDepsFromEnv(fault.env), logError: () => {} }),
	);
	const submit = createSubmitHandler(deps);
	const requests = [
		() => subscribe(postJson('/s', { email: 'silent@example.com' }), { ip: '192.0.2.1' }),
		() =>
			submit(postJson('/s', { name: 'Silent', url: 'https://silent.example.com' }), {
				ip: '192.0.2.2',
			}),
	];
	for (const send of requests) {
		const started = Date.now();
		const response = await send();
		const waited = Date.now() - started;
		expect(response.status).toBe(503);
		expect(response.headers.get('content-type')).toMatch(/^application\/json/);
		expect((await response.json()).error.code).toBe('store_unavailable');
		// connect_timeout (5 s) or the handler's deadline (8 s), well under Netlify's 10 s.
		expect(waited).toBeLessThan(9500);
	}

	// The real database comes back on the same port: the same functions save again.
	for (const socket of held) socket.destroy();
	await new Promise<void>((resolve) => silent.close(() => resolve()));
	owner = await startOwner(fault.env);
	for (const send of requests) expect((await send()).status).toBe(200);
});
