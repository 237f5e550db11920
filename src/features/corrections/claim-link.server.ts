import { paths } from '../../lib/paths.ts';
import { linkPageResponse } from '../newsletter/pages.server.ts';
import { verifyClaim } from './claim-tokens.server.ts';
import type { ClaimDeps } from './submit-kinds.server.ts';
import { CLAIM_CONFIRM_KIND, SUGGESTION_CONFIRM_KIND } from './what.ts';

const home = { href: paths.home, label: 'Go to the home page' };

/**
 * The page a claim link opens (GET): one button whose POST, through the submit function's form
 * handler, confirms the claim. A tampered or expired link answers 400 and shows no button.
 */
export function claimLinkPage(
	token: string,
	claims: ClaimDeps,
	of: 'claim' | 'suggestion' = 'claim',
): Response {
	let secret: string;
	try {
		secret = claims.config().secret;
	} catch {
		return linkPageResponse(
			{
				status: 503,
				title: 'Please try again in a few minutes',
				message: 'We cannot check this link right now; nothing was changed.',
				link: home,
			},
			{ 'Retry-After': '120' },
		);
	}
	const verified = verifyClaim(secret, token, claims.now?.(), of === 'claim' ? 'l' : 's');
	if (!verified.ok)
		return linkPageResponse({
			status: 400,
			title: verified.reason === 'expired' ? 'This link has expired' : 'This link does not work',
			message: `${verified.reason === 'expired' ? 'These links work for 48 hours.' : 'The link is incomplete or was changed.'} Nothing was changed: ${of === 'claim' ? "ask for a new link on the tool's page" : 'send the correction again for a new link'}.`,
			link: home,
		});
	// A claimant's correction (record 0027): the button proves the mailbox, so it is the vendor's.
	if (of === 'suggestion')
		return linkPageResponse({
			status: 200,
			title: 'Confirm your correction',
			message:
				'Press the button to confirm that you sent this correction: it will then be marked as stated by the vendor. An editor still reads its source before anything changes.',
			button: 'Confirm my correction',
			fields: { kind: SUGGESTION_CONFIRM_KIND, token },
		});
	return linkPageResponse({
		status: 200,
		title: 'Confirm your claim',
		message:
			'Press the button to confirm that you work for this vendor. Your corrections to its listing will then be marked as stated by the vendor; an editor still reviews each.',
		button: 'Confirm my claim',
		fields: { kind: CLAIM_CONFIRM_KIND, token },
	});
}
