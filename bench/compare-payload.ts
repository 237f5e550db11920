// What the compare page costs a visitor: its own JavaScript (as pagePayload counts it) plus the
// files of the tools it compares, gzip, against the compare page's budget
// (BUDGETS.compareOwnGzip: React's chunk plus at most that much; docs/design.md).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { compareFiles } from '../src/features/compare/files.ts';
import { PICK_LIMITS } from '../src/features/picker/address.ts';
import { pagePayload, type PagePayload } from './page-payload.ts';

export interface ToolFileSize {
	id: number;
	raw: number;
	gzip: number;
}

export interface ComparePayload {
	page: PagePayload;
	/** Chunks the page's code imports when needed (the picker, shown below four tools). */
	lazy: { file: string; raw: number; gzip: number }[];
	/** The tools measured: the ones asked for, else the largest files of the build. */
	tools: ToolFileSize[];
	/** The page's own JavaScript plus those tools' files (React's chunk apart). */
	ownGzip: number;
	/** Median tool file, and the names index the picker loads on first use. */
	medianToolGzip: number;
	namesIndex: { raw: number; gzip: number };
}

const gzipSize = (data: Buffer) => gzipSync(data, { level: 6 }).length;

async function fileSize(outDir: string, site: string) {
	const data = await readFile(path.join(outDir, site));
	return { raw: data.length, gzip: gzipSize(data) };
}

// A lazy import in a built chunk: import(`./ComparePicker.abc.js`), any quotes.
const LAZY_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

async function lazyChunks(outDir: string, page: PagePayload) {
	const found = new Set<string>();
	for (const script of page.scripts.filter((s) => s.file.startsWith('/'))) {
		const code = await readFile(path.join(outDir, script.file), 'utf8');
		for (const match of code.matchAll(LAZY_IMPORT))
			found.add(new URL(match[1], `http://site${script.file}`).pathname);
	}
	return Promise.all([...found].map(async (file) => ({ file, ...(await fileSize(outDir, file)) })));
}

/** Every tool file of a build, largest (gzip) first. */
export async function toolFileSizes(outDir: string): Promise<ToolFileSize[]> {
	const dir = path.dirname(path.join(outDir, compareFiles.tool(1)));
	const ids = (await readdir(dir))
		.map((file) => /^(\d+)\.json$/.exec(file)?.[1])
		.filter((id): id is string => id !== undefined)
		.map(Number);
	// One file at a time: gzip is synchronous anyway, and 50,000 files opened at once pass the
	// process's limit of open files (EMFILE).
	const sizes: ToolFileSize[] = [];
	for (const id of ids) sizes.push({ id, ...(await fileSize(outDir, compareFiles.tool(id))) });
	return sizes.sort((x, y) => y.gzip - x.gzip || x.id - y.id);
}

/** The compare page with `ids` (default: the build's largest files, the worst case). */
export async function comparePayload(outDir: string, ids?: number[]): Promise<ComparePayload> {
	const page = await pagePayload(outDir, '/compare/');
	const all = await toolFileSizes(outDir);
	const tools = ids
		? ids.map((id) => all.find((file) => file.id === id)!)
		: all.slice(0, PICK_LIMITS.compare);
	const byGzip = all.map((file) => file.gzip).sort((x, y) => x - y);
	return {
		page,
		lazy: await lazyChunks(outDir, page),
		tools,
		ownGzip: page.jsGzipOwn + tools.reduce((sum, tool) => sum + tool.gzip, 0),
		medianToolGzip: byGzip[Math.floor(byGzip.length / 2)] ?? 0,
		namesIndex: await fileSize(outDir, compareFiles.names),
	};
}
