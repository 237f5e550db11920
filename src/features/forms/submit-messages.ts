// The tool submission's thank-you texts (its island and /newapp/thanks/). A module of their own:
// messages.ts is in the chunk every form shares, the home page's included, which never shows them.

export const SUBMITTED = 'Thanks for submitting!';
export const SUBMITTED_DETAIL = "We'll review it and let you know when it's live.";
