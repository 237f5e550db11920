import type { RateLimit, RateLimited, SignUp, SubscribeOutcome } from '../../lib/store/types.ts';
import { linkUrl, RESEND_AFTER_SECONDS } from './config.server.ts';
import type { NewsletterDeps } from './deps.server.ts';
import { confirmationMail } from './confirm-mail.server.tsx';

/**
 * The double opt-in sign-up: records the address as unconfirmed (or leaves a confirmed one
 * alone) and e-mails a confirmation link when one is due. Every case but a rate limit answers
 * 'created', so the answer never tells whether an address is on the list.
 */
export async function signUp(
	deps: NewsletterDeps,
	email: string,
	source: string,
	limit: RateLimit,
): Promise<SubscribeOutcome | RateLimited> {
	const store = await deps.store();
	const config = deps.config();
	const result = await store.signUp(email, source, limit, RESEND_AFTER_SECONDS);
	if (result.outcome === 'rate_limited') return result;
	if (result.outcome === 'send') {
		const now = deps.now?.() ?? Date.now();
		try {
			await deps.mailer(
				await confirmationMail(
					deps.site(config),
					email,
					linkUrl(config, 'confirm', result.subscriberId, result.consentMs, now),
					linkUrl(config, 'unsubscribe', result.subscriberId, 0, now),
				),
			);
		} catch (error) {
			// Not sent: let the next attempt send it at once instead of an hour later.
			await store.confirmationFailed(result.subscriberId);
			throw new Error(`the confirmation e-mail could not be sent: ${(error as Error).message}`, {
				cause: error,
			});
		}
	}
	return { outcome: 'created' };
}

/** The double opt-in as the subscribe form's write (createSubscribeHandler's `signUp`). */
export const doubleOptIn =
	(deps: NewsletterDeps): SignUp =>
	(email, source, limit) =>
		signUp(deps, email, source, limit);
