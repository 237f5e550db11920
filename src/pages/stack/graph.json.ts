// The stack page's graph (src/features/stack/graph.ts): every live tool and connection, read
// by the page's island when it starts, never by any other page.
import type { APIRoute } from 'astro';
import { integrationData } from '../../features/integrations/data.server.ts';
import { graphFile } from '../../features/stack/encode.ts';
import { liveTools } from '../../lib/catalogue.server.ts';

export const GET: APIRoute = async () => {
	const { all } = await integrationData();
	return new Response(JSON.stringify(graphFile(await liveTools(), all)), {
		headers: { 'Content-Type': 'application/json' },
	});
};
