// The owner is killed (SIGKILL) in the middle of a burst of sign-ups: every sign-up that was
// answered 200 is on disk, the others got a clear 503, the next owner opens the directory
// cleanly, and the same functions (no restart) save again.
import { afterAll, expect, it } from 'vitest';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { postJson } from '../functions/harness.ts';
import { faultEnv, type OwnerRun, startOwner, stopOwner } from './owner.ts';

const PATH = '/.netlify/functions/subscribe';
const fault = await faultEnv({ RATE_LIMIT_PER_HOUR: '100000' });
let owner: OwnerRun | undefined;
afterAll(async () => {
	if (owner) await stopOwner(owner.child);
	await fault.cleanup();
});

it('keeps every acknowledged write across a SIGKILL mid-burst and recovers without a restart', async () => {
	owner = await startOwner(fault.env);
	const handle = createSubscribeHandler(
		{ ...formDepsFromEnv(fault.env), storeTimeoutMs: 3000, logError: () => {} },
		doubleOptIn({ ...newsletterDepsFromEnv(fault.env), logError: () => {} }),
	);
	const acknowledged: string[] = [];
	const refused: number[] = [];
	let killed: Promise<void> | undefined;
	let sent = 0;
	let slowest = 0;

	// Eight visitors at a time; the owner dies once 40 sign-ups have been answered.
	const visitor = async (lane: number) => {
		for (let i = 0; i < 40; i++) {
			const email = `burst-${lane}-${i}@example.com`;
			sent++;
			const started = Date.now();
			const response = await handle(postJson(PATH, { email }), { ip: `198.51.100.${lane}` });
			slowest = Math.max(slowest, Date.now() - started);
			if (response.status === 200) acknowledged.push(email);
			else {
				refused.push(response.status);
				expect((await response.json()).error.code).toBe('store_unavailable');
			}
			if (acknowledged.length >= 40) killed ??= stopOwner(owner!.child, 'SIGKILL');
			if (refused.length >= 16) break; // enough visitors have seen the outage
		}
	};
	await Promise.all(Array.from({ length: 8 }, (_, lane) => visitor(lane)));
	await killed;
	expect(acknowledged.length).toBeGreaterThanOrEqual(40);
	expect(refused.length).toBeGreaterThan(0);
	expect(new Set(refused)).toEqual(new Set([503]));
	expect(acknowledged.length + refused.length).toBe(sent);
	// Every visitor had an answer within the store deadline (plus scheduling slack).
	expect(slowest).toBeLessThan(3000 + 2000);

	// A new owner opens the directory left by the killed one (no lock to clear by hand).
	owner = await startOwner(fault.env);
	const sql = connectEmbedded(embeddedDbUrl(embeddedDbConfig(fault.env)));
	try {
		const rows = await sql<{ email: string }[]>`
			select email from newsletter_subscribers where email like 'burst-%'`;
		const stored = new Set(rows.map((row) => row.email));
		expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

		// The functions that saw the crash save again, with no restart of their own.
		const after = await handle(postJson(PATH, { email: 'after@example.com' }), { ip: '192.0.2.1' });
		expect(after.status).toBe(200);
		const [{ n }] = await sql`select count(*)::int as n from newsletter_subscribers
			where email = 'after@example.com'`;
		expect(n).toBe(1);
	} finally {
		await sql.end({ timeout: 5 });
	}
});
