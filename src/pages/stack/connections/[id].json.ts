// A connected tool's file for the stack page: its partners' sources and notes, fetched when a
// visitor chooses the tool, so the graph file carries no addresses.
import type { APIRoute, GetStaticPaths } from 'astro';
import { integrationData } from '../../../features/integrations/data.server.ts';
import { connectionsFiles } from '../../../features/stack/encode.ts';
import type { ConnectionsFile } from '../../../features/stack/graph.ts';

export const getStaticPaths = (async () => {
	const { all } = await integrationData();
	return [...connectionsFiles(all)].map(([id, file]) => ({
		params: { id: String(id) },
		props: { file },
	}));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: ConnectionsFile }> = ({ props }) =>
	new Response(JSON.stringify(props.file), { headers: { 'Content-Type': 'application/json' } });
