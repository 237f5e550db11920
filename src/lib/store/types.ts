/** A `construction_apps` row as the database returns it: trusted only after `parseTool`. */
export type ToolRow = Record<string, unknown>;

/** Read access to the catalogue, with the privileges of the public (anon) role. */
export interface CatalogueReader {
	/** Every live tool, ordered by name ascending, case-insensitive. */
	listLiveTools(): Promise<ToolRow[]>;
	close(): Promise<void>;
}

export type SubscribeOutcome = 'created' | 'exists';

/** `listed`: the URL is already a live tool; `pending`: the same URL already awaits review. */
export type SubmitOutcome =
	{ outcome: 'created' | 'pending' } | { outcome: 'listed'; toolId: number };

export interface RateLimitHit {
	hits: number;
	retryAfterSeconds: number;
}

/** What the two functions write, with the server's (secret-key) privileges. */
export interface FormStore {
	subscribe(email: string, source: string): Promise<SubscribeOutcome>;
	submitTool(name: string, url: string, submitterEmail?: string): Promise<SubmitOutcome>;
	hitRateLimit(bucket: string, clientHash: string, windowSeconds: number): Promise<RateLimitHit>;
}
