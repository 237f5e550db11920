// The logo cache kept across builds (LOGO_CACHE_DIR):
//
//   index-v1.json          { "entries": { "<logo source URL>": { file, checkedAt, expiresAt } } }
//   files/<name>-50.webp   the resized logos, named by a hash of their bytes (resize.server.ts)
//   files/<name>-100.webp
//
// An entry is keyed by the address asked (LOGO_URL_TEMPLATE applied to the host), so another
// template never reuses its answers. `file: null` is a negative answer, kept until it expires.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_SIZES, type LogoSize, type ResizedLogo } from './resize.server.ts';

export interface LogoEntry {
	/** The stored logo's name, or null: the service had none (or could not be reached). */
	file: string | null;
	/** Epoch milliseconds. */
	checkedAt: number;
	/** After this the source is asked again; until then a build does not touch the network. */
	expiresAt: number;
}

type Entries = Record<string, LogoEntry>;

const INDEX = 'index-v1.json';
// A file no entry names is deleted only when older than this: a build running beside this one
// may have just written it and not yet saved its index.
const ORPHAN_GRACE_MS = 24 * 3600_000;

async function readEntries(dir: string): Promise<Entries> {
	try {
		const parsed = JSON.parse(await readFile(path.join(dir, INDEX), 'utf8')) as {
			entries?: Entries;
		};
		return parsed.entries ?? {};
	} catch {
		// Missing or unreadable (a half-written file cannot happen: saves rename into place).
		return {};
	}
}

export class LogoCache {
	/** Sources this build looked up or answered: kept at save even once expired. */
	readonly #used = new Set<string>();
	readonly #changed = new Map<string, LogoEntry>();

	private constructor(
		readonly dir: string,
		private entries: Entries,
	) {}

	static async open(dir: string): Promise<LogoCache> {
		await mkdir(path.join(dir, 'files'), { recursive: true });
		return new LogoCache(dir, await readEntries(dir));
	}

	get(source: string): LogoEntry | undefined {
		this.#used.add(source);
		return Object.hasOwn(this.entries, source) ? this.entries[source] : undefined;
	}

	set(source: string, entry: LogoEntry) {
		this.#used.add(source);
		this.entries[source] = entry;
		this.#changed.set(source, entry);
	}

	/** Where a stored logo's file of `size` is. */
	filePath(name: string, size: LogoSize): string {
		return path.join(this.dir, 'files', `${name}-${size}.webp`);
	}

	/** Writes a resized logo's files (each written to a private name, then renamed into place). */
	async store(logo: ResizedLogo): Promise<void> {
		for (const size of LOGO_SIZES) {
			const file = this.filePath(logo.name, size);
			const partial = `${file}.${randomUUID()}.partial`;
			await writeFile(partial, logo.files[size]);
			await rename(partial, file);
		}
	}

	/**
	 * Writes the index: this build's answers over whatever is on disk now (another build may have
	 * saved since we opened it), less the entries that expired and this build did not use.
	 * Then deletes the files no entry names any more. A build that changed nothing writes nothing.
	 */
	async save(now: number): Promise<void> {
		if (!this.#changed.size) return;
		const entries = { ...(await readEntries(this.dir)), ...Object.fromEntries(this.#changed) };
		for (const [source, entry] of Object.entries(entries)) {
			if (entry.expiresAt <= now && !this.#used.has(source)) delete entries[source];
		}
		const index = path.join(this.dir, INDEX);
		const partial = `${index}.${randomUUID()}.partial`;
		await writeFile(partial, JSON.stringify({ entries }));
		await rename(partial, index);
		this.entries = entries;
		this.#changed.clear();
		await this.#deleteOrphans(entries, now);
	}

	async #deleteOrphans(entries: Entries, now: number) {
		const named = new Set(Object.values(entries).map((entry) => entry.file));
		const dir = path.join(this.dir, 'files');
		for (const file of await readdir(dir)) {
			if (named.has(file.replace(/-\d+\.webp$/, ''))) continue;
			const full = path.join(dir, file);
			const modified = (await stat(full).catch(() => null))?.mtimeMs ?? now;
			if (now - modified > ORPHAN_GRACE_MS) await rm(full, { force: true });
		}
	}
}
