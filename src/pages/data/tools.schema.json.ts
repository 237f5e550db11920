// /data/tools.schema.json: the JSON Schema of /data/tools.json.
import type { APIContext } from 'astro';
import { toolsSchema } from '../../features/open-data/json.ts';

export function GET(context: APIContext) {
	return new Response(JSON.stringify(toolsSchema(context.site!), null, '\t'), {
		headers: { 'Content-Type': 'application/schema+json' },
	});
}
