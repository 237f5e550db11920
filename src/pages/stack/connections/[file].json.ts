// The stack page's connections files (src/features/stack/graph.ts, `connectionsUrl`): the
// sources and notes of some tools' connections, fetched when a visitor chooses one of them, so
// the graph file carries no addresses. A few dozen files rather than one per connected tool:
// each page of a build costs a route.
import type { APIRoute, GetStaticPaths } from 'astro';
import { integrationData } from '../../../features/integrations/data.server.ts';
import { connectionsFiles } from '../../../features/stack/encode.ts';
import type { ConnectionsFile } from '../../../features/stack/graph.ts';

export const getStaticPaths = (async () => {
	const { all } = await integrationData();
	return [...connectionsFiles(all)].map(([number, file]) => ({
		params: { file: String(number) },
		props: { file },
	}));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: ConnectionsFile }> = ({ props }) =>
	new Response(JSON.stringify(props.file), { headers: { 'Content-Type': 'application/json' } });
