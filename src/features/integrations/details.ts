/**
 * What a documented connection does (record 0018): the items it moves, through what, its status
 * and the direction data flows. The database enforces the same words
 * (20261125020000_integration_details.sql; tests/integrations/details-store.test.ts holds the
 * two equal); this file gives them their labels. The stack page imports it: keep it small.
 */

/** What a connection can move, in the order a page lists them. */
export const MOVES = {
	projects: 'projects',
	contacts_vendors: 'contacts and vendors',
	cost_codes: 'cost codes',
	budgets: 'budgets',
	commitments: 'commitments',
	change_orders: 'change orders',
	invoices_pay_apps: 'invoices and pay apps',
	timesheets: 'timesheets',
	employees: 'employees',
	daily_logs: 'daily logs',
	rfis: 'RFIs',
	submittals: 'submittals',
	drawings_documents: 'drawings and documents',
	models: 'models',
	schedules: 'schedules',
	photos: 'photos',
	equipment: 'equipment',
	estimates: 'estimates',
} as const;
export type Move = keyof typeof MOVES;
export const MOVE_KEYS = Object.keys(MOVES) as Move[];

/** Through what two tools connect; a middleware connection also names its service. */
export const VIAS = {
	built_in: 'Built in',
	marketplace_app: 'Marketplace app',
	middleware: 'Middleware',
	file_exchange: 'File export and import',
} as const;
export type Via = keyof typeof VIAS;
export const VIA_KEYS = Object.keys(VIAS) as Via[];

/** A vendor's word on a connection; none means current. A retired one no longer counts. */
export const STATUSES = { beta: 'Beta', deprecated: 'Deprecated', retired: 'Retired' } as const;
export type Status = keyof typeof STATUSES;
export const STATUS_KEYS = Object.keys(STATUSES) as Status[];

/** Which way data flows, in the stored order of a pair (lower tool id first). */
export type StoredDirection = 'low_to_high' | 'high_to_low' | 'both';
export const STORED_DIRECTIONS: readonly StoredDirection[] = ['low_to_high', 'high_to_low', 'both'];

/** A connection seen from one of its tools: it sends (`out`), receives (`in`) or both. */
export type Flow = 'out' | 'in' | 'both';

/** The flow seen from one end of a pair; `fromLow` when that end is the lower id. */
export function flowOf(direction: StoredDirection | null, fromLow: boolean): Flow | null {
	if (direction === null) return null;
	if (direction === 'both') return 'both';
	return (direction === 'low_to_high') === fromLow ? 'out' : 'in';
}

/** The stored direction of a flow from tool `from` to tool `to` (`out`: from sends). */
export function storedDirection(flow: Flow, from: number, to: number): StoredDirection {
	if (flow === 'both') return 'both';
	return (flow === 'out') === from < to ? 'low_to_high' : 'high_to_low';
}

/** Items in vocabulary order, each once, whatever order they were given in. */
export function orderedMoves(moves: Iterable<Move>): Move[] {
	const given = new Set(moves);
	return MOVE_KEYS.filter((move) => given.has(move));
}

/** "Agave (middleware)", "Built in"... or null when the source does not say. */
export function viaLabel(via: Via | null, service: string | null): string | null {
	if (via === null) return null;
	return via === 'middleware' ? `${service ?? 'A service'} (middleware)` : VIAS[via];
}

/** "From Procore to Sage 300 CRE", "Both ways", or null when the source does not say. */
export function flowLabel(flow: Flow | null, self: string, partner: string): string | null {
	if (flow === null) return null;
	if (flow === 'both') return 'Both ways';
	return flow === 'out' ? `From ${self} to ${partner}` : `From ${partner} to ${self}`;
}

/** "projects, budgets and RFIs", or null when the source does not say. */
export function movesLabel(moves: readonly Move[] | null): string | null {
	if (!moves?.length) return null;
	const labels = moves.map((move) => MOVES[move]);
	return labels.length === 1
		? labels[0]
		: `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
