// `astro dev` serves the logos from the cache here. `astro build` lists none: it writes them into
// the output as plain files (src/features/logos/site-logos.server.ts), far cheaper than a route
// each. Either way they are /logos/<hash>-<size>.webp, cached for a year (netlify.toml).
import { readFile } from 'node:fs/promises';
import type { APIRoute, GetStaticPaths } from 'astro';
import { logoFiles } from '../../features/logos/site-logos.server.ts';

export const getStaticPaths = (async () =>
	import.meta.env.DEV
		? (await logoFiles()).map(({ name, file }) => ({ params: { name }, props: { file } }))
		: []) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: string }> = async ({ props }) =>
	new Response(await readFile(props.file), { headers: { 'Content-Type': 'image/webp' } });
