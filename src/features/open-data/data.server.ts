import { liveTools } from '../../lib/catalogue.server.ts';
import { factsByTool } from '../facts/data.server.ts';
import { integrationData } from '../integrations/data.server.ts';
import type { OpenDataInput } from './files.ts';

/** The published data of a build (anon reads: live tools only), for the open data files. */
export async function openDataInput(site: URL): Promise<OpenDataInput> {
	const [tools, facts, { all }] = await Promise.all([
		liveTools(),
		factsByTool(),
		integrationData(),
	]);
	return { site, tools, facts, integrations: all };
}
