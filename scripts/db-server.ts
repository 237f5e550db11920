// `npm run db`: the embedded database's owner in the foreground (`--idle-exit <seconds>`,
// `--no-seed`). The program itself is src/server/db-owner.ts, the one owner every start runs.
import '../src/server/db-owner.ts';
