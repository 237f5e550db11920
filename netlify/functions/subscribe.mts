import type { Context } from '@netlify/functions';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubscribeHandler } from '../../src/features/forms/handlers.server.ts';

// Newsletter sign-up. Holds the database key; the browser only ever sees this endpoint.
const handle = createSubscribeHandler(formDepsFromEnv());

export default (request: Request, context: Context) => handle(request, { ip: context.ip });
