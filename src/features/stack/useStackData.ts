import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { fetchJson } from '../../lib/fetch-json.ts';
import {
	type ConnectionsFile,
	connectionsUrl,
	type GraphFile,
	readGraph,
	STACK_GRAPH_URL,
	type StackGraph,
} from './graph.ts';
import type { Sources } from './StackParts.tsx';

/** Runs `work` once the next frame is drawn; returns a function that cancels it. */
export function afterNextFrame(work: () => void): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const frame = requestAnimationFrame(() => (timer = setTimeout(work)));
	return () => {
		cancelAnimationFrame(frame);
		clearTimeout(timer);
	};
}

/**
 * The graph the build writes, fetched once; `onAddress` is called with it when it arrives and
 * on Back and Forward (the stack lives in the address). `failed` when it could not be had.
 */
export function useStackGraph(onAddress: (graph: StackGraph) => void) {
	const [graph, setGraph] = useState<StackGraph | null>(null);
	const [failed, setFailed] = useState(false);
	const applyAddress = useEffectEvent(onAddress);
	useEffect(() => {
		let loaded: StackGraph | null = null;
		const onBack = () => loaded && applyAddress(loaded);
		fetchJson<GraphFile>(STACK_GRAPH_URL)
			.then((file) => {
				loaded = readGraph(file!);
				setGraph(loaded);
				applyAddress(loaded);
			})
			.catch(() => setFailed(true));
		addEventListener('popstate', onBack);
		return () => removeEventListener('popstate', onBack);
	}, []);
	return { graph, failed };
}

/**
 * The connections files of the chosen tools (sources and notes), each fetched once, after the
 * frame that shows the choice: starting a fetch took the frame about a millisecond.
 */
export function useConnectionSources(graph: StackGraph | null, chosen: readonly number[]) {
	const [sources, setSources] = useState<Sources>({});
	const asked = useRef(new Set<number>());
	useEffect(() => {
		if (!graph) return;
		return afterNextFrame(() => {
			for (const tool of chosen) {
				const files = graph.file.connectionFiles;
				const file = graph.file.ids[tool] % files;
				if (asked.current.has(file) || !graph.pairsOf[tool].length) continue;
				asked.current.add(file);
				fetchJson<ConnectionsFile>(connectionsUrl(graph.file.ids[tool], files))
					.then((read) => setSources((known) => ({ ...known, [file]: read! })))
					.catch(() => asked.current.delete(file));
			}
		});
	}, [graph, chosen]);
	return sources;
}
