// A data directory whose owner died by SIGKILL (its lock and pid files left behind) is opened
// by exactly one of several owners started at the same moment; the others step aside.
import { afterAll, expect, it } from 'vitest';
import { embeddedDbConfig, embeddedDbUrl } from '../../src/lib/embedded-db/config.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { freePort } from '../helpers/free-port.ts';
import { faultEnv, type OwnerRun, runOwner, startOwner, stopOwner } from './owner.ts';

const fault = await faultEnv();
const racers: OwnerRun[] = [];
afterAll(async () => {
	await Promise.all(racers.map((run) => stopOwner(run.child)));
	await fault.cleanup();
});

it('lets exactly one of three racing owners open a directory left by a killed owner', async () => {
	const first = await startOwner(fault.env);
	await stopOwner(first.child, 'SIGKILL'); // leaves whatever lock it held, with a dead pid

	// Each on its own port: only the directory lock can keep them apart.
	const ports = await Promise.all([freePort(), freePort(), freePort()]);
	for (const port of ports) {
		racers.push(runOwner({ ...fault.env, EMBEDDED_DB_PORT: String(port) }));
	}
	const outcomes = await Promise.all(racers.map((run) => run.outcome));
	expect(outcomes.filter((outcome) => outcome === 'ready')).toHaveLength(1);
	// The others said why and stepped aside without an error exit.
	const losers = racers.filter((_, index) => outcomes[index] !== 'ready');
	for (const loser of losers) {
		expect(loser.child.exitCode).toBe(0);
		expect(loser.output()).toContain('already open by another process');
	}

	// The winner serves the directory's data cleanly.
	const winner = ports[outcomes.indexOf('ready')];
	const sql = connectEmbedded(
		embeddedDbUrl(embeddedDbConfig({ ...fault.env, EMBEDDED_DB_PORT: String(winner) })),
	);
	try {
		const [{ n }] = await sql`select count(*)::int as n from construction_apps`;
		expect(n).toBeGreaterThan(100);
	} finally {
		await sql.end({ timeout: 5 });
	}
}, 120_000);
