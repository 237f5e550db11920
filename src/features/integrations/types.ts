import type { Move, Status, StoredDirection, Via, Flow } from './details.ts';

/** How two tools connect (the `kind` column of `tool_integrations`), the older, coarser word. */
export type IntegrationKind = 'native' | 'marketplace' | 'api';

export const INTEGRATION_KINDS: readonly IntegrationKind[] = ['native', 'marketplace', 'api'];

/** What a visitor reads for each kind. */
export const KIND_LABELS: Record<IntegrationKind, string> = {
	native: 'Native integration',
	marketplace: 'Marketplace app',
	api: 'API or connector',
};

/** The kind a connection through `via` has (the database holds the two to this). */
export function kindOfVia(via: Via): IntegrationKind {
	return via === 'marketplace_app' ? 'marketplace' : via === 'middleware' ? 'api' : 'native';
}

/** What a source says a connection does; null wherever it does not say. */
export interface ConnectionDetails {
	moves: Move[] | null;
	via: Via | null;
	/** The middleware's name when `via` is `middleware`. */
	viaService: string | null;
	/** null: current. */
	status: Status | null;
	/** The day someone last read the source (YYYY-MM-DD). */
	verifiedOn: string;
}

/** One documented connection between two live tools, stored once (lower id first). */
export interface Integration extends ConnectionDetails {
	lowId: number;
	highId: number;
	kind: IntegrationKind;
	note: string | null;
	sourceUrl: string;
	direction: StoredDirection | null;
}

/** A connection seen from one side: the other tool, how they connect, and which way data flows. */
export interface Partner extends ConnectionDetails {
	id: number;
	kind: IntegrationKind;
	note: string | null;
	sourceUrl: string;
	/** Seen from the tool whose partner this is: it sends (`out`), receives (`in`) or both. */
	flow: Flow | null;
}
