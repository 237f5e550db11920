// /data/tools.json: every live tool, its documented facts with sources, the connections (CC BY 4.0).
import type { APIContext } from 'astro';
import { openDataInput } from '../../features/open-data/data.server.ts';
import { toolsJson } from '../../features/open-data/json.ts';

export async function GET(context: APIContext) {
	const body = toolsJson(await openDataInput(context.site!), new Date());
	return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}
