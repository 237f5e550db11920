import { CATEGORY_CAPABILITIES } from '../facts/capabilities.ts';
import { COMMON_FACT_KEYS } from '../facts/vocabulary.ts';

/** "estimating: takeoff_2d, takeoff_3d…", a line per category, indented under the help. */
const CAPABILITY_LIST = Object.entries(CATEGORY_CAPABILITIES)
	.map(([slug, keys]) => `\n                                    ${slug}: ${keys.join(', ')}`)
	.join('');
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
                                  answers at the site's address. --force
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

Facts about a tool (read on the vendor's own pages: site, help centre, trust page, app store)
  facts <tool>                    its facts with their sources and the day each was checked
  facts <tool> set <fact>=<value>[,<value>] --source <url> --quote "…" [--detail "…"] [--add]
                                  record a fact as read today on that page, with the sentence
                                  there that states the value itself (conditions and limits go
                                  in --detail; --add: one more page of a set, e.g. Android on
                                  Google Play)
  facts <tool> verify <fact> --source <url> [--quote "…"]
                                  read the page again and found it still true: today's date
  facts <tool> unset <fact>       remove it: the site shows "not documented yet"
  facts --stale <days>            facts not checked for more than that many days
                                  Facts: ${COMMON_FACT_KEYS.join(', ')}
                                  What a tool does (yes, or no where the vendor says not
                                  offered), per category: ${CAPABILITY_LIST}

Corrections from visitors and claims by vendors (nothing shows on the site until accepted)
  suggestions [--tool <tool>]     pending corrections, oldest first: what the site says now
                                  beside what is proposed, the source, its quote, the
                                  suggester's e-mail, and whether the vendor stated it
  accept <id> [--quote "…"] [--detail "…"]
                                  after reading the source: record it with its source, quote
                                  and today's date (a fact as \`facts set\` does, "stated by
                                  the vendor" when it is; an integration as \`link\`, where
                                  --via, --kind, --direction, --moves and --status correct
                                  what the suggester said; a name, description, address or
                                  category as \`edit\`), rebuild, and tell the suggester once
  decline <id> --reason "…"       turn it down and tell the suggester the reason once
                                  (\`reject\` stays the submissions' command)
  claims                          vendors' claims on listings: who, when, confirmed or not
  claim revoke <id>               withdraw a claim: that person's pending suggestions are no
                                  longer marked as the vendor's

Links kept alive
  check-links [--concurrency N]   request every address the site links to (live tools,
                                  integration and fact sources), N sites at a time (8), and
                                  keep each answer with the date; lists what is broken or
                                  moved to another site. The site itself shows none of it.
  check-links --report            what the last checks found broken or moved, and since when

Newsletter and notices
  subscribers [--csv]             confirmed subscribers with their consent record
                                  (email, source, consent_at, confirmed_at)
  newsletter draft [--intro "…"|intro.md]
                                  draft the next issue: tools live and integrations
                                  added since the last one, and your introduction
  newsletter preview              write the issue as HTML and text, and say where
  newsletter send [--retry] [--rate N]
                                  send it to every confirmed subscriber (resumable,
                                  never twice; --retry resends failures; N per second);
                                  says what the SMTP server accepted, deferred (tried
                                  again in the run) and bounced (no more issues)
  notify --retry                  send "your tool is live" notices that failed or were
                                  waiting for the tool's page to go live, and suggestion
                                  notices that failed

Categories: ${CATEGORY_SLUGS.join(', ')}

Where it works: the embedded database (default), or Supabase when SUPABASE_URL and
SUPABASE_SECRET_KEY are set. Rebuilds call NETLIFY_BUILD_HOOK_URL when set; otherwise they
publish a new release for the \`npm start\` running in this checkout (nothing to do when none
runs), whose address stands in for SITE_URL when that is unset. Notices and issues go over
SMTP_URL, otherwise to .data/outbox/*.eml.

Exit codes: 0 done · 1 unexpected failure · 2 wrong usage · 3 not found ·
4 conflict (already reviewed, duplicate) · 5 configuration missing or refused ·
6 saved but the rebuild failed · 7 saved but a notice failed ·
8 links to look at (check-links found some broken or moved)`;
