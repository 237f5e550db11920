import { STORE_TIMEOUT_MS, withDeadline } from '../forms/store-answers.server.ts';
import { paths } from '../../lib/paths.ts';
import type { NewsletterDeps } from './deps.server.ts';
import { linkPageResponse, seeOther } from './pages.server.ts';
import { type LinkAction, verifyLink } from './tokens.server.ts';

const home = { href: paths.home, label: 'Go to the home page' };

const BUTTON: Record<LinkAction, { title: string; message: string; button: string }> = {
	confirm: {
		title: 'Confirm your subscription',
		message: 'One click and the free weekly newsletter is on its way to you.',
		button: 'Confirm my subscription',
	},
	unsubscribe: {
		title: 'Unsubscribe from the newsletter',
		message: 'You will get no more issues. You can sign up again at any time.',
		button: 'Unsubscribe',
	},
};

function badLink(action: LinkAction, reason: 'invalid' | 'expired') {
	const expired = reason === 'expired';
	const again =
		action === 'confirm'
			? 'Sign up again on the home page and we will send you a new link.'
			: 'Use the unsubscribe link of a more recent e-mail, or write to us.';
	return linkPageResponse({
		status: expired ? 410 : 400,
		title: expired ? 'This link has expired' : 'This link does not work',
		message: `${expired ? 'The link is too old.' : 'The link is incomplete or was changed.'} ${again}`,
		link: home,
	});
}

/**
 * Confirm and unsubscribe links (`?action=confirm|unsubscribe&token=…`). GET shows a page with
 * one button and changes nothing (link scanners open links); POST acts. An unsubscribe POST
 * is also what mail providers send for one-click unsubscribe (RFC 8058).
 */
export function createNewsletterLinkHandler(deps: NewsletterDeps) {
	return async function handle(request: Request): Promise<Response> {
		const query = new URL(request.url).searchParams;
		const action = query.get('action');
		if (action !== 'confirm' && action !== 'unsubscribe')
			return linkPageResponse({
				status: 400,
				title: 'This link does not work',
				message: 'The link is incomplete.',
				link: home,
			});
		if (request.method !== 'GET' && request.method !== 'POST' && request.method !== 'HEAD')
			return linkPageResponse(
				{ status: 405, title: 'Not allowed', message: 'Open this link in a browser.' },
				{ Allow: 'GET, HEAD, POST' },
			);
		let secret: string;
		try {
			secret = deps.config().secret;
		} catch (error) {
			deps.logError?.(`[newsletter] ${(error as Error).message}`);
			return unavailable();
		}
		const verified = verifyLink(secret, query.get('token') ?? '', action, deps.now?.());
		if (!verified.ok) return badLink(action, verified.reason);
		if (request.method !== 'POST') return linkPageResponse({ status: 200, ...BUTTON[action] });

		const { subscriberId, consentMs } = verified.claims;
		try {
			const result = await withDeadline(deps.storeTimeoutMs ?? STORE_TIMEOUT_MS, async () => {
				const store = await deps.store();
				// 'invalid' means no row at all (an unconfirmed sign-up purged): not on the list either.
				if (action === 'unsubscribe') return (await store.unsubscribe(subscriberId), 'left');
				return store.confirm(subscriberId, consentMs);
			});
			if (result === 'left') return seeOther(paths.unsubscribed);
			if (result === 'invalid')
				return linkPageResponse({
					status: 410,
					title: 'This link is no longer valid',
					message:
						'This sign-up was withdrawn or replaced by a newer one. Sign up again on the home page if you want the newsletter.',
					link: home,
				});
			return seeOther(paths.subscriptionConfirmed);
		} catch (error) {
			deps.logError?.(`[newsletter] store error: ${(error as Error).message}`);
			deps.dropStore?.();
			return unavailable();
		}
	};
}

function unavailable() {
	return linkPageResponse(
		{
			status: 503,
			title: 'Please try again in a few minutes',
			message: 'We cannot reach the subscriber list right now; nothing was changed.',
			link: home,
		},
		{ 'Retry-After': '120' },
	);
}
