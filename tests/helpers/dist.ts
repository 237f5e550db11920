import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';

export const distDir = path.resolve('dist');

/** Every file under dist/, relative paths. */
export async function distFiles(): Promise<string[]> {
	const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)));
}

/** A built page, parsed. `route` is a site path such as `/` or `/app/3/`. */
export async function readPage(route: string): Promise<HTMLElement> {
	const file = route.endsWith('/') ? `${route}index.html` : route;
	return parse(await readFile(path.join(distDir, file), 'utf8'));
}
