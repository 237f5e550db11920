// The submit function's other kinds of submission (record 0022): a correction to a listed tool, a
// vendor's claim on its listing and the claim link's button. Each is a FormSpec for the form
// handler, so validation, honeypot, rate limit, cross-site refusal and answers are the forms'.
import type { z } from 'zod';
import { getDomain } from 'tldts-icann';
import type { Mail, Mailer } from '../../lib/mail.server.ts';
import { endpoints, paths } from '../../lib/paths.ts';
import { SITE_NAME } from '../../lib/site.ts';
import type { RateLimited } from '../../lib/store/types.ts';
import type { FormSpec } from '../forms/handlers.server.ts';
import { HttpError } from '../forms/http.server.ts';
import { claimConfirmSchema, claimSchema, correctionSchema } from './fields.server.ts';
import { CLAIM_LINK_SECONDS, signClaim, verifyClaim } from './claim-tokens.server.ts';
import { isFreeMail } from './free-mail.ts';
import { valueLabel } from '../facts/facts.ts';
import { FACTS } from '../facts/vocabulary.ts';

/** What a claim needs besides the store: the link secret, the site's address, a mailer. */
export interface ClaimDeps {
	/** Throws on a wrong configuration (no secret with SUPABASE_URL): the request answers 503. */
	config: () => { secret: string; siteUrl: string };
	mailer: Mailer;
	/** The clock, in ms (tests move it to check expiry). */
	now?: () => number;
}

type Spec = FormSpec<z.ZodType>;
type Outcome = Awaited<ReturnType<Spec['save']>>;

const limitedOutcome = (result: RateLimited): Outcome => ({
	kind: result.everyone ? 'busy' : 'rate_limited',
	retryAfterSeconds: result.retryAfterSeconds,
});

const invalid = (field: string, message: string) =>
	new HttpError(422, { code: 'invalid_field', message, fields: { [field]: message } });

const unknownTool = () =>
	invalid('tool_id', 'This tool is not listed (any more): reload its page and try again.');

/** The tool's id from the posted fields, for the error page's way back to its form. */
function backToForm(fields: Record<string, unknown> | null, anchor = '') {
	const id = Number(fields?.tool_id);
	return Number.isInteger(id) && id > 0
		? { href: `${paths.suggest(id)}${anchor}`, label: 'go back to the form' }
		: { href: paths.home, label: 'go back to the home page' };
}

/**
 * A correction. One whose e-mail holds a claim on the tool is stored as an ordinary suggestion
 * and mailed a signed link; only that link's button, pressed from the mailbox, makes it the
 * vendor's (record 0027). Typing a claimant's address proves nothing.
 */
export function correctionSpec(
	fields: Record<string, unknown> | null,
	ownHosts: ReadonlySet<string>,
	claims: ClaimDeps,
): Spec {
	return {
		bucket: 'correction',
		schema: correctionSchema(ownHosts),
		backTo: backToForm(fields),
		thanksPage: paths.suggested,
		async save(store, input, limit) {
			const correction = input as z.output<ReturnType<typeof correctionSchema>>;
			const result = await store.suggestCorrection(correction, limit);
			if (result.outcome === 'rate_limited') return limitedOutcome(result);
			if (result.outcome === 'unknown_tool') throw unknownTool();
			if (result.outcome === 'unknown_partner')
				throw invalid(
					'partner',
					`We could not find "${correction.partner}" among the other listed tools: use its name as the directory lists it.`,
				);
			if (result.outcome === 'confirm') {
				// Saved either way: without the link it stays an ordinary suggestion.
				try {
					const config = claims.config();
					const nowMs = claims.now?.() ?? Date.now();
					const token = signClaim(
						config.secret,
						{
							claimId: result.suggestionId,
							requestedMs: result.requestedMs,
							expiresAt: Math.floor(nowMs / 1000) + CLAIM_LINK_SECONDS,
						},
						's',
					);
					const link = new URL(endpoints.submit, config.siteUrl);
					link.search = new URLSearchParams({ action: 'suggestion', token }).toString();
					await claims.mailer(
						suggestionMail(correction.email!, result.toolName, link.href, correction),
					);
				} catch {
					throw new HttpError(503, {
						code: 'mail_failed',
						message:
							'Your correction is saved, but we could not send the e-mail that confirms it as the vendor’s. Please send it again in a few minutes; sending it again is harmless.',
					});
				}
			}
			return { kind: 'done' };
		},
	};
}

/** What a correction says, in one line, so its sender sees what the link would confirm. */
function proposal(correction: z.output<ReturnType<typeof correctionSchema>>): string {
	if (correction.what === 'fact' && correction.fact)
		return `${FACTS[correction.fact].label}: ${(correction.value ?? []).map((v) => valueLabel(correction.fact!, v)).join(', ')}${correction.detail ? ` (${correction.detail})` : ''}`;
	if (correction.what === 'integration') return `works with ${correction.partner}`;
	return `${correction.what}: ${correction.newText}`;
}

function suggestionMail(
	to: string,
	toolName: string,
	link: string,
	correction: z.output<ReturnType<typeof correctionSchema>>,
): Mail {
	return {
		to,
		subject: `Confirm your correction to ${toolName} at ${SITE_NAME}`,
		text: [
			'Hello,',
			'',
			`Someone (we hope you) sent a correction to ${toolName} on ${SITE_NAME} with this address, which has claimed the listing.`,
			'If you sent it, open this link within 48 hours and press the button to confirm it as the vendor’s statement:',
			'',
			link,
			'',
			'What you would confirm:',
			'',
			`  ${proposal(correction)}`,
			`  Source: ${correction.sourceUrl}`,
			...(correction.quote ? [`  Quote: “${correction.quote}”`] : []),
			'',
			'Until then it is an ordinary suggestion, not marked as the vendor’s. An editor still reads and accepts each.',
			'',
			'If it was not you, ignore this message.',
			'',
			`— The ${SITE_NAME} team`,
		].join('\n'),
	};
}

/** The button of a claimant's correction link: its e-mail is proved, so it is the vendor's. */
export function suggestionConfirmSpec(claims: ClaimDeps): Spec {
	return {
		bucket: 'correction',
		schema: claimConfirmSchema,
		backTo: { href: paths.home, label: 'go to the home page' },
		thanksPage: paths.suggestionConfirmed,
		async save(store, input, limit) {
			const verified = verifyClaim(
				claims.config().secret,
				(input as z.output<typeof claimConfirmSchema>).token,
				claims.now?.(),
				's',
			);
			if (!verified.ok) {
				await store.hitRateLimit(limit);
				throw badClaimLink(verified.reason, 'suggestion');
			}
			const result = await store.confirmSuggestion(
				verified.claim.claimId,
				verified.claim.requestedMs,
				limit,
			);
			if (result.outcome === 'rate_limited') return limitedOutcome(result);
			if (result.outcome === 'invalid') throw badClaimLink('void', 'suggestion');
			return { kind: 'done' };
		},
	};
}

const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

function claimMail(to: string, toolName: string, link: string): Mail {
	return {
		to,
		subject: `Confirm your claim on ${toolName} at ${SITE_NAME}`,
		text: [
			'Hello,',
			'',
			`Someone (we hope you) asked to claim the listing of ${toolName} on ${SITE_NAME} with this address.`,
			'Open this link within 48 hours and press the button to confirm:',
			'',
			link,
			'',
			`Once confirmed, each correction you send for ${toolName} from this address is e-mailed a link; confirmed there, it is marked as stated by the vendor. An editor still reads and accepts each.`,
			'',
			'If it was not you, ignore this message: nothing changes.',
			'',
			`— The ${SITE_NAME} team`,
		].join('\n'),
	};
}

export function claimSpec(fields: Record<string, unknown> | null, claims: ClaimDeps): Spec {
	return {
		bucket: 'claim',
		schema: claimSchema,
		backTo: backToForm(fields, '#claim'),
		thanksPage: paths.claimSent,
		async save(store, input, limit) {
			const { tool_id: toolId, email } = input as z.output<typeof claimSchema>;
			const config = claims.config();
			// The e-mail's registrable domain by the public suffix list (mail.procore.com → procore.com).
			// No registrable domain (an address at a public suffix such as co.uk) matches no tool:
			// the database is asked with a domain no host can end in, so the hit is still counted.
			const domain = getDomain(emailDomain(email)) ?? `${emailDomain(email)}.invalid`;
			const result = await store.requestClaim(toolId, email, domain, limit);
			if (result.outcome === 'rate_limited') return limitedOutcome(result);
			if (result.outcome === 'unknown_tool') throw unknownTool();
			if (result.outcome === 'wrong_domain') {
				const toolDomain = getDomain(result.toolHost) ?? result.toolHost;
				throw invalid(
					'email',
					isFreeMail(domain)
						? `Use your work address at ${toolDomain}: a free e-mail address (${domain}) cannot show that you work for ${result.toolName}.`
						: `Use an address at ${toolDomain} or one of its subdomains: ${emailDomain(email)} is not ${result.toolName}'s domain.`,
				);
			}
			const nowMs = claims.now?.() ?? Date.now();
			const token = signClaim(config.secret, {
				claimId: result.claimId,
				requestedMs: result.requestedMs,
				expiresAt: Math.floor(nowMs / 1000) + CLAIM_LINK_SECONDS,
			});
			const link = new URL(endpoints.submit, config.siteUrl);
			link.search = new URLSearchParams({ action: 'claim', token }).toString();
			try {
				await claims.mailer(claimMail(email, result.toolName, link.href));
			} catch {
				throw new HttpError(503, {
					code: 'mail_failed',
					message:
						'We could not send the e-mail with your link. Please try again in a few minutes; sending it again is harmless.',
				});
			}
			return { kind: 'done' };
		},
	};
}

type BadLink = 'invalid' | 'expired' | 'void';

/** What is wrong with a claim's or a correction's link, in a sentence. */
function linkProblem(reason: BadLink, of: 'claim' | 'suggestion'): string {
	if (reason === 'expired') return 'This link has expired (links work for 48 hours).';
	if (reason === 'invalid') return 'This link is incomplete or was changed.';
	return of === 'claim'
		? 'This link was replaced by a newer one or the claim was withdrawn.'
		: 'This link was replaced by a newer one or the correction was already reviewed.';
}

/** Why a claim link does not work: tampered, expired or replaced. Nothing is changed. */
export const badClaimLink = (reason: BadLink, of: 'claim' | 'suggestion' = 'claim') =>
	new HttpError(400, {
		code: 'invalid_link',
		message: `${linkProblem(reason, of)} Nothing was changed: ${of === 'claim' ? "ask for a new link on the tool's page" : 'send the correction again for a new link'}.`,
	});

export function claimConfirmSpec(claims: ClaimDeps): Spec {
	return {
		bucket: 'claim',
		schema: claimConfirmSchema,
		backTo: { href: paths.home, label: 'go to the home page' },
		thanksPage: paths.claimConfirmed,
		async save(store, input, limit) {
			const verified = verifyClaim(
				claims.config().secret,
				(input as z.output<typeof claimConfirmSchema>).token,
				claims.now?.(),
			);
			if (!verified.ok) {
				// A forged link counts like other invalid input.
				await store.hitRateLimit(limit);
				throw badClaimLink(verified.reason);
			}
			const result = await store.confirmClaim(
				verified.claim.claimId,
				verified.claim.requestedMs,
				limit,
			);
			if (result.outcome === 'rate_limited') return limitedOutcome(result);
			if (result.outcome === 'invalid') throw badClaimLink('void');
			return { kind: 'done' };
		},
	};
}
