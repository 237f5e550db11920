import { type Config, loadConfig } from '../../lib/config.server.ts';
import { ensureEmbeddedDb } from '../../lib/embedded-db/ensure.server.ts';
import { connectEmbedded } from '../../lib/store/embedded.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import { type Issue, parseIssue } from './issue.ts';

// The build reads sent issues as the public does (anon; the publishable key on Supabase):
// Row Level Security lets it see sent issues and never a draft.

async function readRows(config: Config): Promise<unknown[]> {
	const { backend } = config;
	if (backend.kind === 'supabase') {
		// `loadConfig('build')` has checked the publishable key is there.
		const client = supabaseClient(
			backend.url,
			backend.publishableKey!,
			fetch,
			config.outboundTimeoutMs,
		);
		const { data, error } = await client
			.from('newsletter_issues')
			.select('*')
			.not('sent_at', 'is', null)
			.order('number', { ascending: false });
		if (error) throw new Error(`reading newsletter_issues from Supabase failed: ${error.message}`);
		return data ?? [];
	}
	const sql = connectEmbedded(await ensureEmbeddedDb(backend.db), { max: 1 });
	try {
		const rows = await sql.begin(async (tx) => {
			await tx`set local role anon`;
			return tx`select * from public.newsletter_issues where sent_at is not null order by number desc`;
		});
		return [...rows];
	} finally {
		await sql.end({ timeout: 5 });
	}
}

let once: Promise<Issue[]> | undefined;

/** Every sent issue, newest first, read once per build. */
export function publishedIssues(config: Config = loadConfig('build')): Promise<Issue[]> {
	once ??= readRows(config).then((rows) => rows.map(parseIssue));
	return once;
}
