// Each logo the build fetched, written into the site as /logos/<hash>-<size>.webp (immutable:
// a changed logo gets a new name; netlify.toml caches /logos/* for a year).
import { readFile } from 'node:fs/promises';
import type { APIRoute, GetStaticPaths } from 'astro';
import { logoFiles } from '../../features/logos/site-logos.server.ts';

export const getStaticPaths = (async () =>
	(await logoFiles()).map(({ name, file }) => ({
		params: { name },
		props: { file },
	}))) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: string }> = async ({ props }) =>
	new Response(await readFile(props.file), { headers: { 'Content-Type': 'image/webp' } });
