import type { Context } from '@netlify/functions';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';

// Submissions for editorial review: a new tool, a correction to a listed one, a vendor's claim
// on its listing and the claim link (record 0022). Holds the database key and the link secret
// (the newsletter's, which signs claim links too); never reaches the browser.
const { mailer, config } = newsletterDepsFromEnv();
const handle = createSubmitHandler(formDepsFromEnv(), { mailer, config });

export default (request: Request, context: Context) => handle(request, { ip: context.ip });
