import { embeddedDbConfig } from '../../lib/embedded-db/config.server.ts';
import { ensureEmbeddedDb } from '../../lib/embedded-db/ensure.server.ts';
import { connectEmbedded } from '../../lib/store/embedded.server.ts';
import { supabaseClient } from '../../lib/store/supabase.server.ts';
import { type Issue, parseIssue } from './issue.ts';

// The build reads sent issues as the public does (anon; the publishable key on Supabase):
// Row Level Security lets it see sent issues and never a draft.

async function readRows(env: NodeJS.ProcessEnv): Promise<unknown[]> {
	if (env.SUPABASE_URL) {
		const key = env.SUPABASE_PUBLISHABLE_KEY ?? env.SUPABASE_ANON_KEY;
		if (!key) throw new Error('SUPABASE_PUBLISHABLE_KEY is not set for the build');
		const { data, error } = await supabaseClient(env.SUPABASE_URL, key)
			.from('newsletter_issues')
			.select('*')
			.not('sent_at', 'is', null)
			.order('number', { ascending: false });
		if (error) throw new Error(`reading newsletter_issues from Supabase failed: ${error.message}`);
		return data ?? [];
	}
	const sql = connectEmbedded(await ensureEmbeddedDb(embeddedDbConfig(env)), { max: 1 });
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
export function publishedIssues(env: NodeJS.ProcessEnv = process.env): Promise<Issue[]> {
	once ??= readRows(env).then((rows) => rows.map(parseIssue));
	return once;
}
