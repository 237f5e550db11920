// Texts the visitor sees for corrections and claims, shared by the islands and the pages.

export const SUGGESTED = 'Thanks! An editor will check it against its source.';
export const SUGGESTED_DETAIL =
	'Nothing changes on the site until an editor has read the source and accepted it. If you left an e-mail, we tell you once what was decided.';
export const SUGGESTION_CONFIRMED = 'Your correction is confirmed as the vendor’s.';
export const SUGGESTION_CONFIRMED_DETAIL =
	'An editor still reads its source before anything changes; once accepted, the site shows it as stated by the vendor, with the date.';
export const CLAIM_SENT = 'Check your inbox: we sent you a link to confirm.';
export const CLAIM_SENT_DETAIL =
	'Open the link within 48 hours and press the button on its page. If no e-mail arrives, check the address is at the tool’s own domain.';
