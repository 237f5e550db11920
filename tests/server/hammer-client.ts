// A database client that writes as fast as it can on 4 connections until it is killed, for
// tests/server/dead-client.test.ts. Prints "writing" once its first write has gone through.
import postgres from 'postgres';

const sql = postgres(process.argv[2], { prepare: false, max: 4 });
let i = 0;
let announced = false;
const write = async () => {
	for (;;) {
		await sql`select * from public.newsletter_sign_up('hammer',
			'abcdef0123456789abcdef0123456789', 3600, 100000000, ${`hammer-${process.pid}-${i++}@example.com`}, 'test')`;
		if (!announced) {
			announced = true;
			console.log('writing');
		}
	}
};
await Promise.all(Array.from({ length: 20 }, write));
