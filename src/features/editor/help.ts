import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import { MOVE_KEYS } from '../integrations/details.ts';

/** Text in lines of at most `width` characters, the ones after the first indented. */
function wrapped(text: string, width: number, indent: number): string {
	const lines = [''];
	for (const word of text.split(' ')) {
		const line = lines[lines.length - 1];
		if (line && line.length + word.length + 1 > width) lines.push(word);
		else lines[lines.length - 1] = line ? `${line} ${word}` : word;
	}
	return lines.join(`\n${' '.repeat(indent)}`);
}

export const HELP = `Editor tooling for the construction-tech directory.

Usage: npm run editor -- <command> [options]

Review submissions
  pending                         the review queue, oldest first, with duplicate hints
  show <id>                       one submission in full
  approve <id> --description "…" --category <slug> [--name "…"] [--url …] [--force]
          [--works-with <tool,...|suggested> --source <url> [--kind native|marketplace|api]]
                                  publish it as a live tool, rebuild the site, and tell
                                  the submitter (if they left an e-mail) once the page
                                  answers at SITE_URL. --force
                                  publishes even when a live tool has the same host.
                                  --works-with links it to live tools (kind: api unless
                                  given); \`suggested\` takes the submitter's suggestions.
  reject <id> --reason "…"        decline it, with the reason on record
  duplicate <id> --of <tool id>   mark it as a duplicate of a live tool

Keep the catalogue right
  tools [--all]                   live tools (--all: unpublished ones too)
  edit <tool id> [--name …] [--url …] [--description …] [--category …]
  unpublish <tool id>             take a tool off the site (at this rebuild)
  publish <tool id>               put an unpublished tool back
  rebuild                         rebuild the site now

Integrations between tools (a tool is an id or its exact name)
  integrations <tool>             a tool's connections: kind, the day each source was
                                  last read, and what it says (direction, what moves,
                                  through what, status; ? where it does not say)
  integrations --stale <days> [<tool>]
                                  connections whose source was not read for <days> or
                                  more, oldest first
  link <tool> <tool> --source <url> --via <how> [--direction a-to-b|b-to-a|both]
          [--moves <item,...>] [--status beta|deprecated|retired] [--note "…"] [--replace]
                                  record a documented integration, checked today (open
                                  the source page first: only what a vendor documents is
                                  listed, and only what the page says). --via: built-in,
                                  marketplace-app, file-exchange, or the middleware's
                                  name (Agave, hh2, Ryvit, Zapier, Workato...); --kind
                                  native|marketplace|api instead when the page does not
                                  say. --direction from the first tool named. --moves:
                                  ${wrapped(`${MOVE_KEYS.join(', ')}.`, 52, 34)}
                                  --replace records the pair anew: what is not given is
                                  not documented.
  verify <tool> <tool> --source <url>
                                  you read the source again and it still documents the
                                  connection: moves its date to today (and its source,
                                  if the page moved)
  unlink <tool> <tool>            remove one

Newsletter and notices
  subscribers [--csv]             confirmed subscribers with their consent record
                                  (email, source, consent_at, confirmed_at)
  newsletter draft [--intro "…"|intro.md]
                                  draft the next issue: tools live and integrations
                                  added since the last one, and your introduction
  newsletter preview              write the issue as HTML and text, and say where
  newsletter send [--retry] [--rate N]
                                  send it to every confirmed subscriber (resumable,
                                  never twice; --retry resends failures; N per second)
  notify --retry                  send "your tool is live" notices that failed or were
                                  waiting for the tool's page to go live

Categories: ${CATEGORY_SLUGS.join(', ')}

Where it works: the embedded database (default), or Supabase when SUPABASE_URL and
SUPABASE_SECRET_KEY are set. Rebuilds call NETLIFY_BUILD_HOOK_URL when set, otherwise
rebuild dist/ here. Notices and issues go over SMTP_URL, otherwise to .data/outbox/*.eml.

Exit codes: 0 done · 1 unexpected failure · 2 wrong usage · 3 not found ·
4 conflict (already reviewed, duplicate) · 5 configuration missing ·
6 saved but the rebuild failed · 7 saved but a notice failed`;
