import { liveTools, type Tool } from '../../lib/catalogue.server.ts';
import { filterData } from '../facts/filter-data.server.ts';
import { buildLandscape, type LandscapePhase } from './landscape.ts';

let once: Promise<{ tools: Tool[]; phases: LandscapePhase<Tool>[] }> | undefined;

/** The market map of a build: every live tool placed, read once for the page and the pictures. */
export function landscapeData() {
	once ??= (async () => {
		const tools = await liveTools();
		const { facts } = await filterData();
		const phases = buildLandscape(tools, (tool) => facts.get(tool.id)?.also_does?.value ?? []);
		return { tools, phases };
	})();
	return once;
}
