// One tool's compare file (`/compare/data/{id}.json`): what the compare page's island fetches
// for each tool in its address, and nothing else.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { CompareTool } from '../../../features/compare/files.ts';
import { compareToolFiles } from '../../../features/compare/files.server.ts';

export const getStaticPaths = (async () =>
	[...(await compareToolFiles()).values()].map((tool) => ({
		params: { id: String(tool.id) },
		props: { tool },
	}))) satisfies GetStaticPaths;

export const GET: APIRoute<{ tool: CompareTool }> = ({ props }) => Response.json(props.tool);
