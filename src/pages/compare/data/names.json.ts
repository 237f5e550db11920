// The compare picker's index (`/compare/data/names.json`): every live tool's id and name,
// fetched when a visitor first uses the picker, never with the page.
import type { APIRoute } from 'astro';
import { compareNames } from '../../../features/compare/files.server.ts';

export const GET: APIRoute = async () => Response.json(await compareNames());
