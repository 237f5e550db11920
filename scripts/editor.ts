// `npm run editor -- <command>`: review submissions and keep the catalogue right.
import {
	type EditorContext,
	EXIT,
	type SiteSetup,
	UsageError,
} from '../src/features/editor/cli.ts';
import { commands } from '../src/features/editor/commands.ts';
import { linkCommands } from '../src/features/editor/check-links.ts';
import { embeddedEditorStore } from '../src/features/editor/embedded-store.server.ts';
import { colourOn, paintMark, terminalLine } from '../src/features/editor/format.ts';
import { HELP } from '../src/features/editor/help.ts';
import { mailerFor, pageAnswers } from '../src/features/editor/notify.server.ts';
import { rebuildSite } from '../src/features/editor/rebuild.server.ts';
import { supabaseEditorStore } from '../src/features/editor/supabase-store.server.ts';
import { EditorError, type EditorStore } from '../src/features/editor/types.ts';
import { type Config, ConfigError, loadConfig } from '../src/lib/config.server.ts';
import { EmbeddedDbPortTakenError } from '../src/lib/embedded-db/config.server.ts';
import { ensureEmbeddedDb } from '../src/lib/embedded-db/ensure.server.ts';
import { connectEmbedded } from '../src/lib/store/embedded.server.ts';
import { supabaseClient } from '../src/lib/store/supabase.server.ts';
import { runningServer } from '../src/server/releases.ts';

const [name, ...args] = process.argv.slice(2);
// Every line printed goes through the one escaper (record 0027): stored text cannot drive the terminal.
const paint = paintMark;
const out = (line: string) => console.log(terminalLine(line, colourOn(process.stdout)));
// An error may quote a build's output over several lines: each is escaped on its own.
const err = (line: string) => {
	for (const part of line.split('\n')) console.error(terminalLine(part, colourOn(process.stderr)));
};

async function openStore(config: Config): Promise<EditorStore> {
	const { backend } = config;
	if (backend.kind === 'supabase')
		return supabaseEditorStore(
			supabaseClient(backend.url, backend.secretKey!, fetch, config.outboundTimeoutMs),
		);
	return embeddedEditorStore(connectEmbedded(await ensureEmbeddedDb(backend.db)));
}

/**
 * Where the editor's changes go: the build hook, or the releases of the `npm start` running
 * for this checkout, whose announced address stands in for SITE_URL (and Netlify's URL) when
 * neither is set, so checks and e-mailed links reach the port it really listens on.
 */
function siteOf(config: Config): { config: Config; site: SiteSetup } {
	if (config.rebuild.hookUrl) return { config, site: { kind: 'hook' } };
	const server = () => runningServer(config.releasesDir);
	const site: SiteSetup = { kind: 'local', server, releasesDir: config.releasesDir };
	const announced = config.siteUrlGiven ? undefined : server()?.siteUrl;
	return { config: announced ? { ...config, siteUrl: announced } : config, site };
}

function exitCodeFor(error: unknown): number {
	if (error instanceof UsageError) return EXIT.usage;
	if (error instanceof ConfigError || error instanceof EmbeddedDbPortTakenError) return EXIT.config;
	if (error instanceof EditorError) {
		return {
			not_found: EXIT.notFound,
			not_pending: EXIT.conflict,
			duplicate_live: EXIT.conflict,
			invalid: EXIT.usage,
			config: EXIT.config,
			rebuild_failed: EXIT.rebuildFailed,
		}[error.code];
	}
	return EXIT.failure;
}

async function main(): Promise<number> {
	if (!name || name === 'help' || name === '--help' || name === '-h') {
		console.log(HELP);
		return name ? EXIT.ok : EXIT.usage;
	}
	const command = commands[name] ?? linkCommands[name];
	if (!command) {
		err(`Unknown command "${name}". Run \`npm run editor -- --help\` for the list.`);
		return EXIT.usage;
	}
	if (args.includes('--help')) {
		console.log(HELP);
		return EXIT.ok;
	}
	let store: EditorStore | undefined;
	try {
		const { config, site } = siteOf(loadConfig('editor'));
		store = await openStore(config);
		const ctx: EditorContext = {
			config,
			store,
			mailer: mailerFor(config),
			siteUrl: config.siteUrl,
			site,
			isLive: (url) => pageAnswers(url, config.outboundTimeoutMs),
			out,
			err,
			paint,
			rebuild: (reason) =>
				rebuildSite(
					{
						store: store!,
						hookUrl: config.rebuild.hookUrl,
						coalesceMs: config.rebuild.coalesceSeconds * 1000,
						attempts: 4,
						backoffMs: config.rebuild.backoffMs,
						timeoutMs: config.outboundTimeoutMs,
						releasesDir: config.releasesDir,
						// SITE_URL, Netlify's URL or the address npm start announced (siteOf).
						siteUrl: config.siteUrl,
						served: site.kind === 'local' ? () => site.server() !== null : undefined,
						log: (line) => out(paint('dim', line)),
					},
					reason,
				),
		};
		return await command(args, ctx);
	} catch (error) {
		const code = exitCodeFor(error);
		const message = error instanceof Error ? error.message : String(error);
		err(paint('red', `Error: ${message}`));
		if (code === EXIT.usage) err(`Run \`npm run editor -- --help\` for usage.`);
		if (code === EXIT.failure && process.env.DEBUG) err(String((error as Error).stack));
		return code;
	} finally {
		await store?.close();
	}
}

process.exitCode = await main();
