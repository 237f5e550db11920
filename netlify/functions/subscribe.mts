import type { Context } from '@netlify/functions';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';
import { newsletterDepsFromEnv } from '../../src/features/newsletter/deps.server.ts';
import { createNewsletterLinkHandler } from '../../src/features/newsletter/links.server.ts';
import { doubleOptIn } from '../../src/features/newsletter/sign-up.server.ts';

// The newsletter: sign-up (POST, the home page form) and the links its e-mails carry
// (`?action=confirm|unsubscribe&token=…`). Holds the database key and the link secret; the
// browser only ever sees this endpoint.
const newsletter = newsletterDepsFromEnv();
const signUp = createSubscribeHandler(formDepsFromEnv(), doubleOptIn(newsletter));
const link = createNewsletterLinkHandler(newsletter);

export default (request: Request, context: Context) =>
	new URL(request.url).searchParams.has('action')
		? link(request)
		: signUp(request, { ip: context.ip });
