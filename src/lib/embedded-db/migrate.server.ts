import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

// The owner is started from any working directory (owner-process.server.ts): found from here.
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const migrationsDir = path.join(projectRoot, 'supabase/migrations');
const seedFile = path.join(projectRoot, 'supabase/seed.sql');
const rolesFile = path.join(projectRoot, 'src/lib/embedded-db/roles.sql');

/**
 * Brings an embedded database up to date: Supabase's roles, every migration in
 * `supabase/migrations` not yet applied (in name order), and the seed on a fresh database.
 * Returns the names of the migrations it applied.
 */
export async function migrate(db: PGlite, options: { seed?: boolean } = {}): Promise<string[]> {
	await db.exec(await readFile(rolesFile, 'utf8'));
	await db.exec(`create table if not exists public._embedded_migrations (
		name text primary key, applied_at timestamptz not null default now())`);
	const done = new Set(
		(await db.query<{ name: string }>('select name from public._embedded_migrations')).rows.map(
			(row) => row.name,
		),
	);
	const fresh = done.size === 0;
	const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
	const applied: string[] = [];
	for (const file of files) {
		if (done.has(file)) continue;
		const sql = await readFile(path.join(migrationsDir, file), 'utf8');
		await db.transaction(async (tx) => {
			await tx.exec(sql);
			await tx.query('insert into public._embedded_migrations (name) values ($1)', [file]);
		});
		applied.push(file);
	}
	if (fresh && (options.seed ?? true)) await db.exec(await readFile(seedFile, 'utf8'));
	return applied;
}
