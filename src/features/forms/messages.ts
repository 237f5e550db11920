/** Texts the visitor sees for the two forms, shared by the islands and the functions. */
export const FORM_MESSAGES = {
	subscribed: 'You have been subscribed !',
	submitted: 'Thanks for submitting!',
	submittedDetail: "We'll review it and let you know when it's live.",
	alreadyListed: (name: string) => `${name || 'This tool'} is already listed in the directory.`,
	network:
		'We could not reach the server. Check your connection and try again; your entry is still here.',
	unexpected:
		'Something went wrong on our side. Please try again in a moment; your entry is still here.',
} as const;
