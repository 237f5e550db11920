// rebuildSite and publishRelease in-process, with an injected clock and an injected build, so
// the timing of "together" is decided by the test rather than by three process starts.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEditorStore } from '../../src/features/editor/embedded-store.server.ts';
import { rebuildSite } from '../../src/features/editor/rebuild.server.ts';
import type { EditorStore } from '../../src/features/editor/types.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { currentRelease, listReleases, publishRelease } from '../../src/server/releases.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { fakeBuildHook } from './cli.ts';

let db: TestDb;
let store: EditorStore;

beforeAll(async () => {
	db = await startTestDb();
	store = embeddedEditorStore(connectEmbedded(db.url));
});
afterAll(async () => {
	await store?.close();
	await db?.stop();
});

/** A clock whose waits all end when the test says so. */
function manualClock() {
	let release!: () => void;
	const gate = new Promise<void>((resolve) => (release = resolve));
	return { sleep: () => gate, release };
}

describe('coalesced rebuilds', () => {
	it('turns three approvals made within the wait into one build hook call', async () => {
		const hook = await fakeBuildHook(() => 200);
		const clock = manualClock();
		const options = {
			store,
			hookUrl: hook.url,
			coalesceMs: 10_000,
			attempts: 1,
			backoffMs: 0,
			timeoutMs: 5000,
			releasesDir: 'unused',
			sleep: clock.sleep,
			log: () => {},
		};
		const results = Promise.all(
			['Approved A', 'Approved B', 'Approved C'].map((reason) => rebuildSite(options, reason)),
		);
		// All three have recorded their request and are waiting: the wait ends now.
		await expect
			.poll(async () => (await db.sql`select count(*)::int as n from site_rebuilds`)[0].n)
			.toBe(3);
		clock.release();
		expect((await results).sort()).toEqual(['joined', 'joined', 'triggered']);
		expect(hook.calls).toHaveLength(1);
		expect(hook.calls[0].searchParams.get('trigger_title')).toBe(
			'3 catalogue changes: Approved A; Approved B; Approved C',
		);
		const rows = await db.sql`select triggered_at from site_rebuilds`;
		expect(rows.every((row) => row.triggered_at !== null)).toBe(true);
		await hook.close();
	});
});

describe('local rebuilds', () => {
	it('publish one release at a time: two at once never write over each other, the later one is current', async () => {
		const releases = path.join(await mkdtemp(path.join(os.tmpdir(), 'contech-releases-')), 'r');
		const spans: { name: string; start: number; end: number }[] = [];
		let tick = 0;
		// A build that takes a while and writes its pages in several steps, as astro does.
		const slowBuild = (name: string) => async (outDir: string) => {
			const span = { name, start: tick++, end: -1 };
			await mkdir(outDir, { recursive: true });
			for (const page of ['a', 'b', 'c']) {
				await new Promise((resolve) => setTimeout(resolve, 50));
				await writeFile(path.join(outDir, `${page}.html`), name);
			}
			span.end = tick++;
			spans.push(span);
		};
		await Promise.all([
			publishRelease(releases, slowBuild('first')),
			publishRelease(releases, slowBuild('second')),
		]);
		const [earlier, later] = spans.sort((x, y) => x.start - y.start);
		expect(later.start).toBeGreaterThan(earlier.end);
		const current = currentRelease(releases)!;
		const pages = await Promise.all(
			['a', 'b', 'c'].map((page) => readFile(path.join(current, `${page}.html`), 'utf8')),
		);
		expect(pages).toEqual([later.name, later.name, later.name]);
		// No server holds these releases: the older one went at once.
		expect(listReleases(releases)).toEqual([current]);
	});

	it('a failed build leaves the current release served and nothing half-built behind', async () => {
		const releases = path.join(await mkdtemp(path.join(os.tmpdir(), 'contech-releases-')), 'r');
		const good = await publishRelease(releases, async (dir) => {
			await mkdir(dir);
			await writeFile(path.join(dir, 'index.html'), 'good');
		});
		const failing = publishRelease(releases, async (dir) => {
			await mkdir(dir);
			await writeFile(path.join(dir, 'index.html'), 'half');
			throw new Error('astro build exited with 1');
		});
		await expect(failing).rejects.toThrow('astro build exited with 1');
		expect(currentRelease(releases)).toBe(good);
		const next = await publishRelease(releases, (dir) => mkdir(dir));
		expect(await readdir(releases)).toEqual(
			expect.not.arrayContaining([expect.stringMatching(/^\.building-/)]),
		);
		expect(listReleases(releases)).toEqual([next]);
	});

	it('without an npm start serving the releases, builds nothing and says so', async () => {
		let built = 0;
		const result = await rebuildSite(
			{
				store,
				coalesceMs: 0,
				attempts: 1,
				backoffMs: 0,
				timeoutMs: 5000,
				releasesDir: 'unused',
				buildLocally: async () => void built++,
				served: () => false,
				log: () => {},
			},
			'Edited tool 1',
		);
		expect(result).toBe('not_served');
		expect(built).toBe(0);
		const [row] =
			await db.sql`select triggered_at from site_rebuilds where reason = 'Edited tool 1'`;
		expect(row.triggered_at).not.toBeNull();
	});
});
