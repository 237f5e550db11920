/** How two tools connect (the `kind` column of `tool_integrations`). */
export type IntegrationKind = 'native' | 'marketplace' | 'api';

export const INTEGRATION_KINDS: readonly IntegrationKind[] = ['native', 'marketplace', 'api'];

/** What a visitor reads for each kind. */
export const KIND_LABELS: Record<IntegrationKind, string> = {
	native: 'Native integration',
	marketplace: 'Marketplace app',
	api: 'API or connector',
};

/** One documented connection between two live tools, stored once (lower id first). */
export interface Integration {
	lowId: number;
	highId: number;
	kind: IntegrationKind;
	note: string | null;
	sourceUrl: string;
}

/** A connection seen from one side: the other tool and how they connect. */
export interface Partner {
	id: number;
	kind: IntegrationKind;
	note: string | null;
	sourceUrl: string;
}
