import type { Context } from '@netlify/functions';
import { formDepsFromEnv } from '../../src/features/forms/deps.server.ts';
import { createSubmitHandler } from '../../src/features/forms/handlers.server.ts';

// Tool submission for editorial review. Holds the database key; never reaches the browser.
const handle = createSubmitHandler(formDepsFromEnv());

export default (request: Request, context: Context) => handle(request, { ip: context.ip });
