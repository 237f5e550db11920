// One tool's compare file (`/compare/data/{id}.json`): what the compare page's island fetches
// for each tool in its address, and nothing else; its quotes are a file of their own
// (`{id}.quotes.json`), fetched when a visitor opens one.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { CompareTool } from '../../../features/compare/files.ts';
import { compareFilePaths, splitQuotes } from '../../../features/compare/files.server.ts';

export const getStaticPaths = compareFilePaths satisfies GetStaticPaths;

export const GET: APIRoute<{ tool: CompareTool }> = ({ props }) =>
	Response.json(splitQuotes(props.tool).file);
