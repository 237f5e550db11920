// What the stack page says about a pair of the graph, in the words of the tool pages.
import { dayLabel } from '../../lib/dates.ts';
import { flowLabel, movesLabel, STATUSES, viaLabel } from '../integrations/details.ts';
import {
	flowFrom,
	movesOf,
	type Pair,
	type StackGraph,
	STATUS_CODES,
	VIA_CODES,
	VIA_MIDDLEWARE,
} from './graph.ts';

export interface PairWords {
	/** Direction, Moves, Through: null where the source does not say. */
	rows: [string, string | null][];
	status: string | null;
	checked: string;
	day: string;
}

/** A pair seen from `self` (a tool index): which way, what moves, through what, status, date. */
export function describePair(graph: StackGraph, pair: Pair, self: number): PairWords {
	const { names, services, days } = graph.file;
	const partner = pair.a === self ? pair.b : pair.a;
	const via =
		pair.via === 0
			? null
			: pair.via >= VIA_MIDDLEWARE
				? viaLabel('middleware', services[pair.via - VIA_MIDDLEWARE])
				: viaLabel(VIA_CODES[pair.via - 1], null);
	const moves = movesOf(pair.moves);
	return {
		rows: [
			['Direction', flowLabel(flowFrom(pair, self), names[self], names[partner])],
			['Moves', movesLabel(moves)],
			['Through', via],
		],
		status: pair.status ? STATUSES[STATUS_CODES[pair.status - 1]] : null,
		checked: dayLabel(days[pair.day]),
		day: days[pair.day],
	};
}

/** The same words in one line, for a candidate's links: what is known, then what is not. */
export function pairLine({ rows, status }: PairWords): string {
	const known = rows.flatMap(([, value]) => value ?? []);
	const unknown = rows.filter(([, value]) => !value).map(([term]) => term.toLowerCase());
	return [
		...known,
		...(status ? [status] : []),
		...(unknown.length ? [`${unknown.join(', ')} not documented yet`] : []),
	].join(' · ');
}
