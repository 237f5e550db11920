// Texts the visitor sees for the two forms, shared by the islands, the pages and the functions.
// One export per text, so each island's bundle carries only the texts it shows.

export const SUBSCRIBED = 'You have been subscribed !';
export const SUBSCRIBED_DETAIL = 'Check your inbox and click the link in our e-mail to confirm.';
export const alreadyListed = (name: string) =>
	`${name || 'This tool'} is already listed in the directory.`;
export const NETWORK_FAILED =
	'We could not reach the server. Check your connection and try again; your entry is still here.';
export const UNEXPECTED =
	'Something went wrong on our side. Please try again in a moment; your entry is still here.';
export const unknownTools = (names: string[]) =>
	`We could not find ${names.map((name) => `"${name}"`).join(', ')} in the directory. Pick listed tools, or leave "Works with" empty.`;
