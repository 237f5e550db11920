import { useEffect, useRef, useState } from 'react';
import type { CompareTool } from './files.ts';
import { loadTool } from './load.ts';

/** A tool's file once fetched: the tool, no such tool (404), or a failed fetch. */
export type ToolEntry = CompareTool | 'unknown' | 'failed';

export const isTool = (entry: ToolEntry | undefined): entry is CompareTool =>
	typeof entry === 'object';

/** The compare files of the tools in the address, each fetched once; what is known so far. */
export function useToolFiles(ids: readonly number[]): ReadonlyMap<number, ToolEntry> {
	const [entries, setEntries] = useState(() => new Map<number, ToolEntry>());
	const requested = useRef(new Set<number>());
	useEffect(() => {
		for (const id of ids) {
			if (entries.has(id) || requested.current.has(id)) continue;
			requested.current.add(id);
			loadTool(id)
				.then(
					(tool): ToolEntry => tool ?? 'unknown',
					(): ToolEntry => 'failed',
				)
				.then((entry) => {
					requested.current.delete(id);
					setEntries((known) => new Map(known).set(id, entry));
				});
		}
	}, [ids, entries]);
	return entries;
}

/** Focuses the element with this id once it is rendered (a removed tool's neighbour, say). */
export function useFocusAfterRender(): (id: string | null) => void {
	const next = useRef<string | null>(null);
	useEffect(() => {
		const target = next.current && document.getElementById(next.current);
		if (target) {
			target.focus();
			next.current = null;
		}
	});
	return (id) => {
		next.current = id;
	};
}
