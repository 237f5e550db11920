import type { Flow, Move, Status, StoredDirection, Via } from '../integrations/details.ts';
import type { CategorySlug } from '../../lib/categories.ts';
import type { ProposedChange } from '../corrections/what.ts';
import type { FactOrigin } from '../facts/facts.ts';
import type { FactKey } from '../facts/vocabulary.ts';
import type { IntegrationKind } from '../integrations/types.ts';

export type SubmissionStatus = 'pending' | 'approved' | 'rejected' | 'duplicate';

export interface Submission {
	id: number;
	name: string;
	url: string;
	host: string;
	status: SubmissionStatus;
	submitterEmail: string | null;
	reviewerNote: string | null;
	reviewedAt: Date | null;
	toolId: number | null;
	notifiedAt: Date | null;
	notifyAttempts: number;
	notifyError: string | null;
	createdAt: Date;
	/** Live tools the submitter says it works with (ids; suggestions an editor may accept). */
	worksWith: number[];
	/** Fact suggestions from /newapp/, confirmed by an editor from a vendor page. */
	suggestedPlatforms: string[];
	suggestedAudience: string[];
	pricingUrl: string | null;
}

/** A pending submission with what an editor should know about possible duplicates. */
export interface QueueEntry extends Submission {
	liveToolsWithHost: number[];
	pendingWithHost: number[];
}

export interface ToolRecord {
	id: number;
	name: string;
	url: string;
	description: string;
	category: string;
	status: 'live' | 'unpublished';
	publishedAt: Date | null;
}

export interface ToolDraft {
	name: string;
	url: string;
	description: string;
	category: CategorySlug;
}

/** An editor-facing failure with a stable code, shown as-is and mapped to an exit code. */
export class EditorError extends Error {
	constructor(
		readonly code: 'not_found' | 'not_pending' | 'duplicate_live' | 'rebuild_failed',
		message: string,
	) {
		super(message);
	}
}

/** Everything the editor tooling reads and writes, with the server's privileges. */
export interface EditorStore {
	pendingQueue(): Promise<QueueEntry[]>;
	submission(id: number): Promise<Submission | null>;
	approve(id: number, draft: ToolDraft, force: boolean): Promise<number>;
	reject(id: number, reason: string): Promise<void>;
	markDuplicate(id: number, toolId: number): Promise<void>;
	tools(includeUnpublished: boolean): Promise<ToolRecord[]>;
	tool(id: number): Promise<ToolRecord | null>;
	updateTool(id: number, changes: Partial<ToolDraft>): Promise<void>;
	setToolStatus(id: number, status: ToolRecord['status']): Promise<void>;
	/** Records that the site needs a rebuild, and why. */
	requestRebuild(reason: string): Promise<void>;
	/**
	 * Takes every rebuild request not yet triggered and not claimed by a rebuild under way
	 * (a claim older than `leaseSeconds` was interrupted: taken again); reasons oldest first.
	 */
	claimRebuilds(leaseSeconds: number): Promise<{ ids: number[]; reasons: string[] }>;
	/** The build was triggered: these requests are done. */
	finishRebuilds(ids: number[]): Promise<void>;
	/** Puts claimed requests back, with the error, so the next rebuild takes them. */
	releaseRebuilds(ids: number[], error: string): Promise<void>;
	/** Approved submissions with an e-mail and no notice sent yet. */
	unnotified(): Promise<Submission[]>;
	/** Marks a notice as sent before sending it, only if it was not: false means it was. */
	claimNotification(id: number): Promise<boolean>;
	/**
	 * A notice not sent, kept for `notify --retry` with why: after its claim (`claimed`, the
	 * send failed: un-mark it) or before (the page is not live yet).
	 */
	recordNotifyFailure(id: number, error: string, claimed: boolean): Promise<void>;
	/** Integrations between tools (src/features/editor/integrations.ts). */
	readonly integrations: IntegrationEditorStore;
	/** Tool facts (src/features/editor/facts.ts). */
	readonly facts: FactEditorStore;
	/** Visitors' corrections and vendors' claims (src/features/editor/suggestions.ts). */
	readonly corrections: CorrectionEditorStore;
	close(): Promise<void>;
}

/** What a source says a connection does (null: it does not say). */
export interface SaidDetails {
	moves: Move[] | null;
	via: Via | null;
	viaService: string | null;
	status: Status | null;
}

/** One of a tool's connections, as an editor sees it (unpublished partners included). */
export interface Connection extends SaidDetails {
	partner: { id: number; name: string; status: string };
	kind: IntegrationKind;
	note: string | null;
	sourceUrl: string;
	/** Seen from the listed tool: it sends, receives, both, or not documented. */
	flow: Flow | null;
	/** The day the source was last read (YYYY-MM-DD). */
	verifiedOn: string;
}

export interface LinkDetails extends Partial<SaidDetails> {
	kind: IntegrationKind;
	sourceUrl: string;
	note: string | null;
	/** In stored order (lower id first). */
	direction?: StoredDirection | null;
}

/** A connection whose source was not read again for a while (`integrations --stale`). */
export interface StaleConnection {
	low: { id: number; name: string };
	high: { id: number; name: string };
	sourceUrl: string;
	verifiedOn: string;
	days: number;
}

/** The editor's reads and writes of `tool_integrations`, with the server's privileges. */
export interface IntegrationEditorStore {
	connections(toolId: number): Promise<Connection[]>;
	/** `exists`: the pair was already linked and `replace` was false; nothing changed. */
	link(
		a: number,
		b: number,
		details: LinkDetails,
		replace: boolean,
	): Promise<'created' | 'replaced' | 'exists'>;
	/** False when the two tools were not linked. */
	unlink(a: number, b: number): Promise<boolean>;
	/**
	 * Records a re-read of the pair's source today (the source may have moved to `sourceUrl`);
	 * null when the two tools are not linked.
	 */
	verify(a: number, b: number, sourceUrl: string): Promise<{ previousSource: string } | null>;
	/** Connections whose source was last read `days` or more days ago, oldest first. */
	stale(days: number, toolId: number | null): Promise<StaleConnection[]>;
	/** approve_submission plus links to live partners, in one transaction. */
	approveWithIntegrations(
		id: number,
		draft: ToolDraft,
		force: boolean,
		partnerIds: number[],
		link: Omit<LinkDetails, 'note'>,
	): Promise<number>;
}

/** One row of `tool_facts` as an editor sees it. */
export interface FactRecord {
	toolId: number;
	toolName: string;
	fact: FactKey;
	value: string[];
	detail: string | null;
	sourceUrl: string;
	/** YYYY-MM-DD */
	verifiedOn: string;
	/** The sentence the source says (null: recorded before quotes were kept). */
	quote: string | null;
	origin: FactOrigin;
}

export interface FactWrite {
	fact: FactKey;
	value: string[];
	detail: string | null;
	sourceUrl: string;
	quote: string | null;
	/** 'vendor': accepted from a verified vendor's statement (a claimed listing). */
	origin: FactOrigin;
	/** False adds a page to a set read across pages; true replaces the fact. */
	replace: boolean;
}

/** The editor's reads and writes of `tool_facts`, with the server's privileges. */
export interface FactEditorStore {
	facts(toolId: number): Promise<FactRecord[]>;
	/** Records the fact as read today on its source (set_tool_fact). */
	set(toolId: number, write: FactWrite): Promise<void>;
	/**
	 * Moves the date of the fact's row read on `sourceUrl` to today (and its quote, when one is
	 * given); false when there is none.
	 */
	verify(toolId: number, fact: FactKey, sourceUrl: string, quote?: string | null): Promise<boolean>;
	/** Removes the fact (every page of it); false when it was not recorded. */
	unset(toolId: number, fact: FactKey): Promise<boolean>;
	/** Facts not checked for more than `days` days, oldest first. */
	stale(days: number): Promise<FactRecord[]>;
}

/** A visitor's suggested correction (tool_suggestions), as an editor reviews it. */
export interface SuggestionRecord extends ProposedChange {
	id: number;
	toolId: number;
	toolName: string;
	partnerId: number | null;
	partnerName: string | null;
	/** Sent from an address with a confirmed, unrevoked claim on the tool. */
	vendorStated: boolean;
	/** Whether the suggester confirmed the e-mail through its link (only a claimant is sent one). */
	emailConfirmed: boolean;
	status: 'pending' | 'accepted' | 'rejected';
	reason: string | null;
	createdAt: Date;
	notifiedAt: Date | null;
}

/** A vendor's claim on a listing (listing_claims). */
export interface ClaimRecord {
	id: number;
	toolId: number;
	toolName: string;
	email: string;
	requestedAt: Date;
	confirmedAt: Date | null;
	revokedAt: Date | null;
}

/** The editor's reads and writes of suggestions and claims, with the server's privileges. */
export interface CorrectionEditorStore {
	/** Pending suggestions, oldest first (one tool's, or all). */
	pending(toolId: number | null): Promise<SuggestionRecord[]>;
	suggestion(id: number): Promise<SuggestionRecord | null>;
	/** Closes a pending suggestion; EditorError not_found / not_pending otherwise. */
	review(id: number, status: 'accepted' | 'rejected', reason: string | null): Promise<void>;
	/** Marks the suggester's notice as sent before sending it: false when it already was. */
	claimNotice(id: number): Promise<boolean>;
	/** The send failed: un-marks it, so `notify --retry` sends it. */
	releaseNotice(id: number): Promise<void>;
	/** Reviewed suggestions with an e-mail whose notice was not sent. */
	unnotified(): Promise<SuggestionRecord[]>;
	/** Every claim, newest first. */
	claims(): Promise<ClaimRecord[]>;
	/** False when there is no open claim with that id. */
	revokeClaim(id: number): Promise<boolean>;
}
