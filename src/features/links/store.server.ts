import type { SupabaseClient } from '@supabase/supabase-js';
import type { Config } from '../../lib/config.server.ts';
import { embeddedDbUrl } from '../../lib/embedded-db/config.server.ts';
import { connectEmbedded, type Sql } from '../../lib/store/embedded.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import type { LinkAnswer, LinkStatus } from './check-link.server.ts';

// The link checks' reads and writes with the server's privileges: one database function each
// (supabase/migrations/20261125010100_link_checks.sql), so both backends behave the same.

/** An address the site links to, where it is used, and its last answer (null: never checked). */
export interface LinkRecord {
	url: string;
	usedBy: string[];
	status: LinkStatus | null;
	httpStatus: number | null;
	finalUrl: string | null;
	detail: string | null;
	firstSeenFailing: Date | null;
	failedChecks: number;
	checkedAt: Date | null;
}

export interface LinkCheckStore {
	/** Every address the site links to, failing ones first (oldest failure first). */
	links(): Promise<LinkRecord[]>;
	record(answers: LinkAnswer[]): Promise<void>;
	/** Forgets answers for addresses no longer linked to; how many. */
	prune(): Promise<number>;
	close(): Promise<void>;
}

type Row = Record<string, unknown>;
type Call = (name: string, args?: Record<string, unknown>) => Promise<Row[]>;

const date = (value: unknown) => (value ? new Date(value as string) : null);

function toRecord(row: Row): LinkRecord {
	return {
		url: String(row.url),
		usedBy: (row.used_by as string[] | null) ?? [],
		status: (row.status as LinkStatus | null) ?? null,
		httpStatus: row.http_status == null ? null : Number(row.http_status),
		finalUrl: (row.final_url as string | null) ?? null,
		detail: (row.detail as string | null) ?? null,
		firstSeenFailing: date(row.first_seen_failing),
		failedChecks: Number(row.failed_checks ?? 0),
		checkedAt: date(row.checked_at),
	};
}

/** At most this many answers per call: a catalogue of 10,000 tools stays a few requests. */
const BATCH = 500;

function storeOver(call: Call, close: () => Promise<void>): LinkCheckStore {
	return {
		links: async () => (await call('link_check_status')).map(toRecord),
		async record(answers) {
			for (let i = 0; i < answers.length; i += BATCH) {
				const batch = answers.slice(i, i + BATCH).map((answer) => ({
					url: answer.url,
					status: answer.status,
					http_status: answer.httpStatus,
					final_url: answer.finalUrl?.slice(0, 2048) ?? null,
					detail: answer.detail,
				}));
				await call('record_link_checks', { p_results: batch });
			}
		},
		prune: async () => Number(Object.values((await call('prune_link_checks'))[0] ?? {})[0] ?? 0),
		close,
	};
}

/** The embedded database, connected as its owner (the equivalent of the secret key). */
export function embeddedLinkCheckStore(sql: Sql): LinkCheckStore {
	return storeOver(
		async (name, args = {}) => {
			const names = Object.keys(args);
			// Objects and arrays are jsonb arguments (postgres.js serialises them once it knows).
			const params = names.map((key, index) => {
				const value = args[key];
				return `${key} => $${index + 1}${typeof value === 'object' && value ? '::jsonb' : ''}`;
			});
			const values = names.map((key) => args[key]) as never[];
			return sql.unsafe(`select * from public.${name}(${params.join(', ')})`, values);
		},
		() => sql.end({ timeout: 5 }),
	);
}

/** Supabase through supabase-js with the secret key (server only). */
export function supabaseLinkCheckStore(client: SupabaseClient): LinkCheckStore {
	return storeOver(
		async (name, args = {}) => {
			const { data, error } = await client.rpc(name, args);
			if (error) throw new Error(`Supabase ${name} failed: ${error.message}`);
			if (data == null) return [];
			return (Array.isArray(data) ? data : [{ [name]: data }]) as Row[];
		},
		async () => {},
	);
}

/** The editor's link-check store on its own connection (closed with it), as configured. */
export function openLinkCheckStore(config: Config): LinkCheckStore {
	const { backend } = config;
	if (backend.kind === 'supabase')
		return supabaseLinkCheckStore(
			supabaseClient(backend.url, backend.secretKey!, fetch, config.outboundTimeoutMs),
		);
	return embeddedLinkCheckStore(connectEmbedded(embeddedDbUrl(backend.db)));
}
