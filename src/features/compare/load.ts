// Fetches the build's compare files, each once per page view (a failed fetch is forgotten, so
// asking again fetches again).
import { fetchJson } from '../../lib/fetch-json.ts';
import { type CompareTool, compareFiles, type ToolQuotes } from './files.ts';

const tools = new Map<number, Promise<CompareTool | null>>();

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

const quotes = new Map<number, Promise<ToolQuotes | null>>();

/** A tool's quotes file, fetched when a visitor first opens one of its quotes. */
export function loadQuotes(id: number): Promise<ToolQuotes | null> {
	let file = quotes.get(id);
	if (!file) {
		file = fetchJson<ToolQuotes>(compareFiles.quotes(id));
		quotes.set(id, file);
		file.catch(() => quotes.delete(id));
	}
	return file;
}
