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

/** A one-click unsubscribe's body is one field; anything much larger is not one. */
const ONE_CLICK_MAX_BYTES = 16 * 1024;

/**
 * Whether a POST is a mail provider's one-click unsubscribe (RFC 8058 section 3.1: the body
 * `List-Unsubscribe=One-Click`, form-urlencoded or multipart), not the button on our page.
 */
async function isOneClick(request: Request): Promise<boolean> {
	const type = request.headers.get('content-type') ?? '';
	if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type) || !request.body)
		return false;
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
		size += chunk.byteLength;
		if (size > ONE_CLICK_MAX_BYTES) return false;
		chunks.push(chunk);
	}
	try {
		const form = await new Response(new Blob(chunks as BlobPart[]), {
			headers: { 'content-type': type },
		}).formData();
		return form.get('List-Unsubscribe') === 'One-Click';
	} catch {
		return false;
	}
}

/** RFC 8058: the one-click POST is answered in place; "the mail sender MUST NOT return an HTTPS redirect". */
const unsubscribedInPlace = () =>
	linkPageResponse({
		status: 200,
		title: 'You are unsubscribed',
		message: 'You will get no more issues. You can sign up again at any time.',
		link: home,
	});

/**
 * Confirm and unsubscribe links (`?action=confirm|unsubscribe&token=…`). GET shows a page with
 * one button and changes nothing (link scanners open links); POST acts, and the button's POST
 * is sent on to the page saying what happened. An unsubscribe POST is also what mail providers
 * send for one-click unsubscribe (RFC 8058), from any origin and without cookies: that one is
 * answered 200 in place.
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
		const oneClick = action === 'unsubscribe' && (await isOneClick(request));
		try {
			const result = await withDeadline(deps.storeTimeoutMs ?? STORE_TIMEOUT_MS, async () => {
				const store = await deps.store();
				// 'invalid' means no row at all (an unconfirmed sign-up purged): not on the list either.
				if (action === 'unsubscribe') return (await store.unsubscribe(subscriberId), 'left');
				return store.confirm(subscriberId, consentMs);
			});
			if (result === 'left') return oneClick ? unsubscribedInPlace() : seeOther(paths.unsubscribed);
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
