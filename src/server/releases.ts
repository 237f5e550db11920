// Releases (record 0013): every build of the site `npm start` serves is a directory of its own
// under the releases directory, never changed once complete; the symlink `current` names the one
// to serve. Publishing is build aside, rename into place, swap the symlink: each step atomic.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import {
	type FileLock,
	LockHeldError,
	takeFileLock,
	waitForFileLock,
} from '../lib/embedded-db/file-lock.server.ts';

/** A complete release's directory name: its UTC time, then a random part. */
const RELEASE_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
const BUILDING = '.building-';
const CURRENT = 'current';

/** Held by the one build that may publish (an editor's rebuild or npm start's). */
const buildLock = (dir: string) => path.join(dir, 'build.lock.db');
/** Held for its whole life by the server that serves these releases (and removes old ones). */
export const servingLock = (dir: string) => path.join(dir, 'serving.lock.db');

/**
 * A name that sorts after every release in `dir` (taken under the build lock): the time, or a
 * millisecond past the newest release should the clock have gone back.
 */
function newReleaseName(dir: string): string {
	const newest = listReleases(dir).at(-1);
	const newestMs = newest ? Date.parse(fromStamp(path.basename(newest).slice(0, 19))) : 0;
	const stamp = new Date(Math.max(Date.now(), newestMs + 1)).toISOString().replace(/[-:.]/g, '');
	return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** `20261124T101500123Z` back to `2026-11-24T10:15:00.123Z`. */
const fromStamp = (s: string) =>
	`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`;

/** The directory of the release `current` names, or null while none is published. */
export function currentRelease(dir: string): string | null {
	try {
		return path.join(dir, readlinkSync(path.join(dir, CURRENT)));
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
		throw error;
	}
}

/** Every complete release, oldest first. */
export function listReleases(dir: string): string[] {
	const names = readdirSync(dir, { withFileTypes: true }).filter(
		(entry) => entry.isDirectory() && RELEASE_NAME.test(entry.name),
	);
	return names.map((entry) => path.join(dir, entry.name)).sort();
}

/** Points `current` at `release` in one step (a new symlink renamed over the old one). */
async function switchTo(dir: string, release: string): Promise<void> {
	const next = path.join(dir, `${CURRENT}.${randomBytes(4).toString('hex')}`);
	await symlink(path.basename(release), next);
	await rename(next, path.join(dir, CURRENT));
}

/**
 * Removes the releases nobody can be reading: those left by builds that never finished, and,
 * when no server holds the serving lock, every release but the current one. A running server
 * removes the releases it served itself, once their last request is answered (served.ts).
 */
async function pruneUnserved(dir: string): Promise<void> {
	for (const entry of readdirSync(dir))
		if (entry.startsWith(BUILDING))
			await rm(path.join(dir, entry), { recursive: true, force: true });
	let serving: FileLock;
	try {
		serving = takeFileLock(servingLock(dir));
	} catch (error) {
		if (error instanceof LockHeldError) return;
		throw error;
	}
	try {
		const current = currentRelease(dir);
		for (const release of listReleases(dir))
			if (release !== current) await rm(release, { recursive: true, force: true });
	} finally {
		serving.release();
	}
}

/**
 * Builds a release with `build(directory)` and makes it the current one. One build at a time
 * (a kernel lock, record 0009): a second editor's build waits, then reads the database after
 * the first and so carries both changes. A failed build leaves the current release as it was.
 * Returns the new release's directory.
 */
export async function publishRelease(
	dir: string,
	build: (outDir: string) => Promise<void>,
): Promise<string> {
	await mkdir(dir, { recursive: true, mode: 0o700 });
	const lock = await waitForFileLock(buildLock(dir), { timeoutMs: 30 * 60_000, pollMs: 200 });
	try {
		await pruneUnserved(dir);
		const name = newReleaseName(dir);
		const building = path.join(dir, `${BUILDING}${name}`);
		await build(building);
		const release = path.join(dir, name);
		await rename(building, release);
		await switchTo(dir, release);
		await pruneUnserved(dir);
		return release;
	} finally {
		lock.release();
	}
}

/** What `npm start` leaves beside its releases, so the editor finds the site it works with. */
export interface ServerAddress {
	siteUrl: string;
	pid: number;
}

export const addressFile = (dir: string) => path.join(dir, 'server.json');

export function readAddress(dir: string): ServerAddress | null {
	try {
		return JSON.parse(readFileSync(addressFile(dir), 'utf8')) as ServerAddress;
	} catch {
		return null;
	}
}

/**
 * The address of the `npm start` serving the releases in `dir`, or null when none runs: its
 * serving lock is free (whatever file a killed server left behind) or nothing was ever published.
 */
export function runningServer(dir: string): ServerAddress | null {
	let lock: FileLock;
	try {
		lock = takeFileLock(servingLock(dir));
	} catch (error) {
		if (error instanceof LockHeldError) return readAddress(dir);
		throw error;
	}
	lock.release();
	return null;
}
