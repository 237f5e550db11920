// A client killed in the middle of its writes (an editor's Ctrl-C, a crashed process) must not
// lock the embedded database for everyone else: before the fix the owner waited forever for the
// rest of the dead client's batch, and every function answered 503 until a restart.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { stopProcess } from '../helpers/processes.ts';

let db: TestDb;
beforeAll(async () => {
	db = await startTestDb();
});
afterAll(async () => {
	await db?.stop();
});

function startHammer(): Promise<ReturnType<typeof spawn>> {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'tests/server/hammer-client.ts', db.url],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	return new Promise((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('writing')) resolve(child);
		});
		child.once('exit', (code) => reject(new Error(`the hammer exited with ${code}`)));
	});
}

it('answers other clients at once after a writing client is killed, three times over', async () => {
	for (let round = 1; round <= 3; round++) {
		const hammer = await startHammer();
		await new Promise((resolve) => setTimeout(resolve, 300 + 200 * round));
		await stopProcess(hammer, 'SIGKILL');
		const sql = connectEmbedded(db.url, { max: 1 });
		try {
			const [row] = await sql`select count(*)::int as n from public.newsletter_subscribers`;
			expect(row.n).toBeGreaterThan(0);
		} finally {
			await sql.end({ timeout: 1 });
		}
	}
}, 90_000);
