// Child process of exec-raw.test.ts (run with --expose-gc): the JavaScript heap kept by an
// in-memory PGlite after many protocol round trips, measured after a full collection.
// `raw` runs them through PGlite's execProtocolRaw, `stream` through the owner's execRaw.
import { PGlite } from '@electric-sql/pglite';
import { execRaw } from '../../src/lib/embedded-db/exec-raw.server.ts';

const mode = process.argv[2];
const rounds = Number(process.argv[3] ?? 4000);
const query = (sql: string) => {
	const text = Buffer.from(`${sql}\0`, 'utf8');
	const message = Buffer.alloc(5 + text.length);
	message[0] = 'Q'.charCodeAt(0);
	message.writeInt32BE(4 + text.length, 1);
	text.copy(message, 5);
	return new Uint8Array(message);
};
const gc = (globalThis as { gc?: () => void }).gc!;
const liveHeap = () => {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
};

const db = await PGlite.create();
const message = query("select 'a row of some length, as a function's answer' as text, 1 as n");
const run = async () => {
	for (let i = 0; i < rounds; i++) {
		if (mode === 'raw') await db.execProtocolRaw(message);
		else await execRaw(db, message);
	}
};
await run(); // warm: compiled code, caches
const before = liveHeap();
await run();
const after = liveHeap();
const check = await db.query<{ n: number }>('select 2 as n');
await db.close();
console.log(JSON.stringify({ grewBytes: after - before, queryAfter: check.rows[0]?.n }));
