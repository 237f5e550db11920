/**
 * A visitor's correction as the store writes it (public.suggest_correction): the fields of
 * features/corrections' `Correction`, in the database's plain words, so the store needs nothing
 * from the feature above it (the feature's narrower types fit these).
 */
export interface CorrectionInput {
	toolId: number;
	/** 'fact', 'integration' or a listing field. */
	what: string;
	fact: string | null;
	value: string[] | null;
	detail: string | null;
	via: string | null;
	viaService: string | null;
	/** Seen from the tool: 'out', 'in' or 'both'. */
	flow: string | null;
	moves: string[] | null;
	linkStatus: string | null;
	newText: string | null;
	sourceUrl: string;
	quote: string | null;
	email: string | null;
	/** The other listed tool of an integration, by name. */
	partner: string | null;
}

/** A `construction_apps` row as the database returns it: trusted only after `parseTool`. */
export type ToolRow = Record<string, unknown>;

/** Read access to the catalogue, with the privileges of the public (anon) role. */
export interface CatalogueReader {
	/** Every live tool, ordered by name ascending, case-insensitive. */
	listLiveTools(): Promise<ToolRow[]>;
	close(): Promise<void>;
}

/** A sign-up was accepted (whatever the list held: the answer never tells). */
export interface SubscribeOutcome {
	outcome: 'created';
}

/**
 * `listed`: the URL is already a live tool. `created` also when the same URL already awaits
 * review (the submissions merge), so a visitor learns nothing about other people's submissions.
 * `unknown_tools`: some "works with" entries name no live tool; nothing was written.
 */
export type SubmitOutcome =
	| { outcome: 'created' }
	| { outcome: 'listed'; toolId: number }
	| { outcome: 'unknown_tools'; unknown: string[] };

/** What a submitter may add for the editor: suggestions, confirmed from a vendor page. */
export interface SubmissionDetails {
	platforms: string[];
	audience: string[];
	pricingUrl?: string;
}

/** True when a submitter suggested anything beyond the name and address. */
export const hasDetails = (details: SubmissionDetails | undefined) =>
	Boolean(details && (details.platforms.length || details.audience.length || details.pricingUrl));

/** Who a request counts against, and how many requests a window allows. */
export interface RateLimit {
	bucket: string;
	/** A salted one-way hash of the client IP, never the address itself. */
	clientHash: string;
	max: number;
	windowSeconds: number;
}

/** The client is over its limit (or, with `everyone`, the form's ceiling for all clients): nothing was written. */
export interface RateLimited {
	outcome: 'rate_limited';
	retryAfterSeconds: number;
	everyone?: true;
}

export interface RateLimitHit {
	hits: number;
	retryAfterSeconds: number;
}

/**
 * The subscribe form's write: the newsletter's double opt-in (src/features/newsletter/sign-up.server.ts),
 * which counts the request against `limit` in the same statement.
 */
export type SignUp = (
	email: string,
	source: string,
	limit: RateLimit,
) => Promise<SubscribeOutcome | RateLimited>;

/**
 * What the two functions write, with the server's (secret-key) privileges. The writes count
 * the request against `limit` in the same database statement, so an accepted request costs
 * one round trip; over the limit they write nothing and answer `rate_limited`.
 */
export interface FormStore {
	submitTool(
		name: string,
		url: string,
		submitterEmail: string | undefined,
		limit: RateLimit,
		/** Names or ids of live tools it works with (see 20261123030100_integration_suggestions). */
		worksWith?: string[],
		/** Fact suggestions for the editor (20261125000100_submission_fact_suggestions). */
		details?: SubmissionDetails,
	): Promise<SubmitOutcome | RateLimited>;
	/** Counts a request that writes nothing (invalid input), for the same limit. */
	hitRateLimit(limit: RateLimit): Promise<RateLimitHit>;
	/**
	 * A suggested correction for an editor (20261128010000_corrections_and_claims). `confirm`:
	 * its address holds a claim on the tool, so a link signed over the suggestion and its
	 * request time is mailed; only that link's button makes it the vendor's (record 0027).
	 */
	suggestCorrection(
		correction: CorrectionInput,
		limit: RateLimit,
	): Promise<CorrectionOutcome | RateLimited>;
	/** The suggestion link's button: `invalid` when it is reviewed or a newer link replaced it. */
	confirmSuggestion(
		suggestionId: number,
		requestedMs: number,
		limit: RateLimit,
	): Promise<{ outcome: 'confirmed' | 'invalid' } | RateLimited>;
	/** A claim request: `send` a link signed over the claim and its request time. */
	requestClaim(
		toolId: number,
		email: string,
		emailDomain: string,
		limit: RateLimit,
	): Promise<ClaimRequestOutcome | RateLimited>;
	/** The claim link's button: `invalid` when the claim is gone or a newer link replaced it. */
	confirmClaim(
		claimId: number,
		requestedMs: number,
		limit: RateLimit,
	): Promise<{ outcome: 'confirmed' | 'invalid' } | RateLimited>;
}

export type CorrectionOutcome =
	| { outcome: 'created' | 'unknown_tool' | 'unknown_partner' }
	| { outcome: 'confirm'; suggestionId: number; requestedMs: number; toolName: string };

export type ClaimRequestOutcome =
	| { outcome: 'send'; claimId: number; requestedMs: number; toolHost: string; toolName: string }
	| { outcome: 'wrong_domain'; toolHost: string; toolName: string }
	| { outcome: 'unknown_tool' };
