// The releases one server serves, counted per request: each request reads the release that was
// current when it arrived, from its first byte to its last, and a release older than the current
// one is removed once no request reads it any more (record 0013).
import { rename, rm, writeFile } from 'node:fs/promises';
import { type FileLock, waitForFileLock } from '../lib/embedded-db/file-lock.server.ts';
import {
	addressFile,
	currentRelease,
	listReleases,
	readAddress,
	type ServerAddress,
	servingLock,
} from './releases.ts';

/** A request's hold on one release: `done` once its answer has been sent (or abandoned). */
export interface Lease {
	root: string;
	done(): void;
}

export class ServedReleases {
	/** Requests in flight per release directory (none: not in the map). */
	readonly #reading = new Map<string, number>();
	readonly #removing = new Map<string, Promise<void>>();
	#lastCurrent: string | undefined;
	readonly #dir: string;
	readonly #lock: FileLock | undefined;
	readonly #log: (line: string) => void;

	private constructor(dir: string, lock: FileLock | undefined, log: (line: string) => void) {
		this.#dir = dir;
		this.#lock = lock;
		this.#log = log;
	}

	/**
	 * Serves the releases in `dir`. The first server to open them holds the serving lock for its
	 * life (so editors know a server runs) and removes the releases it no longer serves; another
	 * one serves without removing anything.
	 */
	static async open(dir: string, log: (line: string) => void = console.error) {
		let lock: FileLock | undefined;
		try {
			// An editor checking whether a server runs holds the lock for a moment: wait that out.
			lock = await waitForFileLock(servingLock(dir), { timeoutMs: 3000, pollMs: 50 });
		} catch {
			const other = readAddress(dir);
			log(
				`another server serves ${dir}${other ? ` (pid ${other.pid}, ${other.siteUrl})` : ''}: this one leaves its old releases to it`,
			);
		}
		return new ServedReleases(dir, lock, log);
	}

	/** The release current now, held until `done()`; null while none is published. */
	acquire(): Lease | null {
		const root = currentRelease(this.#dir);
		if (root === null) return null;
		if (root !== this.#lastCurrent) {
			this.#lastCurrent = root;
			this.#removeUnread();
		}
		this.#reading.set(root, (this.#reading.get(root) ?? 0) + 1);
		let held = true;
		return {
			root,
			done: () => {
				if (!held) return;
				held = false;
				const left = this.#reading.get(root)! - 1;
				if (left > 0) return void this.#reading.set(root, left);
				this.#reading.delete(root);
				this.#removeUnread();
			},
		};
	}

	/**
	 * Removes every release older than the current one that no request reads. Names sort by
	 * publication (releases.ts), and a build publishes only newer ones: an older release is
	 * never current again. Only the holder of the serving lock removes anything.
	 */
	#removeUnread() {
		const current = this.#lastCurrent;
		if (!this.#lock || current === undefined) return;
		for (const release of listReleases(this.#dir)) {
			if (release >= current || this.#reading.has(release) || this.#removing.has(release)) continue;
			const removal = rm(release, { recursive: true, force: true })
				.catch((error) => this.#log(`[releases] could not remove ${release}: ${error.message}`))
				.finally(() => this.#removing.delete(release));
			this.#removing.set(release, removal);
		}
	}

	/** Removes the releases older than the current one now (at start, before any request). */
	sweep(): void {
		this.#lastCurrent = currentRelease(this.#dir) ?? undefined;
		this.#removeUnread();
	}

	/** Leaves the site's address where the editor looks for it (only the lock holder does). */
	async announce(siteUrl: string): Promise<void> {
		if (!this.#lock) return;
		const file = addressFile(this.#dir);
		const address: ServerAddress = { siteUrl, pid: process.pid };
		await writeFile(`${file}.${process.pid}`, `${JSON.stringify(address)}\n`);
		await rename(`${file}.${process.pid}`, file);
	}

	/** Waits for removals under way, withdraws the address and gives the lock back. */
	async close(): Promise<void> {
		await Promise.all(this.#removing.values());
		if (!this.#lock) return;
		await rm(addressFile(this.#dir), { force: true });
		this.#lock.release();
	}
}
