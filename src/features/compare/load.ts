// Fetches the build's compare files, each once per page view (a failed fetch is forgotten, so
// asking again fetches again).
import { fetchJson } from '../../lib/fetch-json.ts';
import { type CompareTool, compareFiles, type NameEntry } from './files.ts';

const tools = new Map<number, Promise<CompareTool | null>>();
let names: Promise<NameEntry[]> | undefined;

/** A tool's compare file, or null when no live tool has that id. */
export function loadTool(id: number): Promise<CompareTool | null> {
	let tool = tools.get(id);
	if (!tool) {
		tool = fetchJson<CompareTool>(compareFiles.tool(id));
		tools.set(id, tool);
		tool.catch(() => tools.delete(id));
	}
	return tool;
}

/** Every live tool's id and name, for the picker. */
export function loadNames(): Promise<NameEntry[]> {
	names ??= fetchJson<NameEntry[]>(compareFiles.names).then((list) => list ?? []);
	names.catch(() => (names = undefined));
	return names;
}
