import { liveTools } from '../../lib/catalogue.server.ts';
import { factsByTool } from '../facts/data.server.ts';
import { integrationData } from '../integrations/data.server.ts';
import { computeStats } from './stats.ts';

/** The build's statistics, from the same published data as every page. */
export async function statsData() {
	const [tools, facts, { integrations }] = await Promise.all([
		liveTools(),
		factsByTool(),
		integrationData(),
	]);
	return computeStats(tools, facts, integrations);
}
