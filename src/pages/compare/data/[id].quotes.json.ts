// One tool's quotes (`/compare/data/{id}.quotes.json`): the sentences its vendor pages say, by
// fact, in the order of the fact's sources in `{id}.json`. The compare island fetches it when a
// visitor opens a quote (record 0028).
import type { APIRoute, GetStaticPaths } from 'astro';
import type { CompareTool } from '../../../features/compare/files.ts';
import { compareFilePaths, splitQuotes } from '../../../features/compare/files.server.ts';

export const getStaticPaths = compareFilePaths satisfies GetStaticPaths;

export const GET: APIRoute<{ tool: CompareTool }> = ({ props }) =>
	Response.json(splitQuotes(props.tool).quotes);
