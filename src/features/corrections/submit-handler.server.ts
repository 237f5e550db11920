// POST /.netlify/functions/submit as a whole: a new tool for review (the forms feature's
// `toolSpec`), or one of the corrections feature's kinds (a correction, a claim, and the buttons
// of their links). Composed here, above both, so the forms feature imports nothing of this one.
import { z } from 'zod';
import { paths } from '../../lib/paths.ts';
import {
	createFormHandler,
	type FormDeps,
	type FormSpec,
	type RequestContext,
	toolSpec,
} from '../forms/handlers.server.ts';
import { claimLinkPage } from './claim-link.server.ts';
import {
	type ClaimDeps,
	claimConfirmSpec,
	claimSpec,
	correctionSpec,
	suggestionConfirmSpec,
} from './submit-kinds.server.ts';
import {
	CLAIM_CONFIRM_KIND,
	CLAIM_KIND,
	CORRECTION_KIND,
	SUGGESTION_CONFIRM_KIND,
} from './what.ts';

const noClaims: ClaimDeps = {
	config: () => {
		throw new Error('claims are not configured for this handler');
	},
	mailer: async () => {
		throw new Error('claims are not configured for this handler');
	},
};

const unknownKind: FormSpec<z.ZodType> = {
	bucket: 'submit',
	schema: z.never({ error: 'Unknown kind of submission: reload the form and try again.' }),
	backTo: { href: paths.home, label: 'go back to the home page' },
	thanksPage: paths.home,
	save: async () => ({ kind: 'done' }),
};

/**
 * POST /.netlify/functions/submit: a new tool (`{ name, url }`, the default `kind`), a
 * correction (`kind: correction`), a claim (`kind: claim`) or a claim link's button
 * (`kind: claim_confirm`), or a claimant's correction link's button (`kind: suggestion_confirm`,
 * record 0027). A GET of either link (`?action=claim|suggestion&token=…`) shows that button and
 * changes nothing (link scanners open links).
 */
export function createSubmitHandler(deps: FormDeps, claims: ClaimDeps = noClaims) {
	const tool = toolSpec();
	const post = createFormHandler<z.ZodType>((fields, ownHosts) => {
		const kind = typeof fields?.kind === 'string' && fields.kind ? fields.kind : 'tool';
		if (kind === 'tool') return tool as unknown as FormSpec<z.ZodType>;
		if (kind === CORRECTION_KIND) return correctionSpec(fields, ownHosts, claims);
		if (kind === CLAIM_KIND) return claimSpec(fields, claims);
		if (kind === CLAIM_CONFIRM_KIND) return claimConfirmSpec(claims);
		if (kind === SUGGESTION_CONFIRM_KIND) return suggestionConfirmSpec(claims);
		return unknownKind;
	}, deps);
	return (request: Request, context: RequestContext = {}): Promise<Response> | Response => {
		const query = new URL(request.url).searchParams;
		const action = query.get('action');
		if (
			(action === 'claim' || action === 'suggestion') &&
			(request.method === 'GET' || request.method === 'HEAD')
		)
			return claimLinkPage(query.get('token') ?? '', claims, action);
		return post(request, context);
	};
}
