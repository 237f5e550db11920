import { z } from 'zod';
import {
	type AddressProblem,
	isPublicHostName,
	MAX_ADDRESS_LENGTH,
	typedWebAddress,
} from '../../lib/addresses.ts';
import { AUDIENCES, PLATFORMS } from '../facts/vocabulary.ts';

export { HONEYPOT_FIELD } from './honeypot.ts';

// Field rules for the two functions (DESIGN.md, "Security and input rules").

// Characters a tool name must not contain (the database checks the same set): markup, C0 and
// C1 controls, bidirectional marks, embeddings, overrides and isolates (which can make a name
// display as something else), zero-width characters and the byte-order mark.
const FORBIDDEN_IN_NAME =
	/[<>\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** The part before the @ obeys the dot rules of RFC 5321 that mail servers enforce. */
function localPartDotsValid(email: string): boolean {
	const local = email.slice(0, email.lastIndexOf('@'));
	return !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** E-mail: trimmed, at most 254 characters, valid per WHATWG, with a dotted domain. */
export const emailField = z
	.string({ error: 'Enter your e-mail address.' })
	.trim()
	.min(1, 'Enter your e-mail address.')
	.max(254, 'That e-mail address is too long (254 characters at most).')
	.pipe(
		z.email({
			pattern: z.regexes.html5Email,
			error: 'Enter a valid e-mail address, like name@company.com.',
		}),
	)
	.refine(
		(email) => isPublicHostName((email.split('@')[1] ?? '').toLowerCase()),
		'Enter a valid e-mail address, like name@company.com.',
	)
	.refine(
		localPartDotsValid,
		'That e-mail address cannot receive mail: a dot cannot start or end the part before the @, or follow another dot.',
	);

/** A tool name: trimmed, 1 to 100 characters, none of FORBIDDEN_IN_NAME. */
export const nameField = z
	.string({ error: 'Enter the application name.' })
	.trim()
	.min(1, 'Enter the application name.')
	.max(100, 'The name is too long (100 characters at most).')
	.refine(
		(name) => !FORBIDDEN_IN_NAME.test(name),
		'The name contains characters that are not allowed (such as < or > or invisible characters).',
	);

/** The stored form of a valid tool URL: `https://procore.com` rather than `…com/`. */
function canonical(url: URL): string {
	return url.pathname === '/' && !url.search && !url.hash ? url.origin : url.href;
}

const TOO_LONG = `The URL is too long (${MAX_ADDRESS_LENGTH} characters at most).`;

/** What the visitor reads for each way an address breaks the rule (src/lib/addresses.ts). */
const ADDRESS_MESSAGES: Record<AddressProblem, string> = {
	characters: 'A URL cannot contain spaces or invisible characters.',
	length: TOO_LONG,
	scheme: 'Only http:// and https:// addresses are accepted.',
	credentials: 'The URL must not contain a user name or password.',
	// By its name only (no DNS lookup here): what it resolves to is checked where it is
	// requested (record 0027).
	host: 'Enter the address of a public website, like https://example.com.',
	port: 'Enter a valid URL, like https://example.com (a port is a number from 1 to 65535).',
	syntax: 'Enter a valid URL, like https://example.com.',
};

/**
 * A public web address, the rule of record 0030 (src/lib/addresses.ts), as a visitor types it:
 * a missing scheme becomes https://, a Unicode host its punycode; stored in the short form.
 */
export const urlField = z
	.string({ error: 'Enter the application URL.' })
	.trim()
	.min(1, 'Enter the application URL.')
	.max(MAX_ADDRESS_LENGTH, TOO_LONG)
	.transform((raw, context) => {
		const { url, problem } = typedWebAddress(raw, { withScheme: true });
		if (!url) {
			context.addIssue({ code: 'custom', message: ADDRESS_MESSAGES[problem] });
			return z.NEVER;
		}
		return canonical(url);
	});

export const subscribeSchema = z.object({ email: emailField });
/** The submitter's e-mail is optional: an empty field means none was given. */
const optionalEmail = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
	emailField.optional(),
);

/**
 * "Works with" (optional): names (or ids) of listed tools, separated by commas or new lines;
 * at most 10, each at most 100 characters. Whether each is a live tool is checked in the write.
 */
export const worksWithField = z
	.string({ error: 'List the tools it works with as text.' })
	.max(1100, 'That list is too long.')
	.optional()
	.transform((raw, context) => {
		const seen = new Set<string>();
		const names = (raw ?? '')
			.split(/[,\n;]/)
			.map((name) => name.trim())
			.filter((name) => name && !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
		if (names.length > 10)
			context.addIssue({ code: 'custom', message: 'Name at most 10 tools it works with.' });
		if (names.some((name) => name.length > 100 || FORBIDDEN_IN_NAME.test(name)))
			context.addIssue({
				code: 'custom',
				message:
					'Each tool name must be at most 100 characters, with no markup or invisible characters.',
			});
		return names;
	});

/**
 * Optional choices from a fixed vocabulary (a group of checkboxes, sent joined by commas): each
 * known, each once. A value outside the vocabulary is an error, not dropped: the visitor sees why.
 */
function choicesField(vocabulary: Record<string, string>, what: string) {
	return z
		.string({ error: `Choose ${what} from the list.` })
		.max(300, `Choose ${what} from the list.`)
		.optional()
		.transform((raw, context) => {
			const values = [
				...new Set(
					(raw ?? '')
						.split(',')
						.map((v) => v.trim())
						.filter(Boolean),
				),
			];
			if (values.some((value) => !Object.hasOwn(vocabulary, value)))
				context.addIssue({ code: 'custom', message: `Choose ${what} from the list.` });
			return values;
		});
}

/** An optional address (the pricing page): the tool URL's rules, empty meaning none. */
const optionalUrl = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
	urlField.optional(),
);

export const submitSchema = z.object({
	name: nameField,
	url: urlField,
	email: optionalEmail,
	works_with: worksWithField,
	platforms: choicesField(PLATFORMS, 'the platforms'),
	audience: choicesField(AUDIENCES, 'who it is for'),
	pricing_url: optionalUrl,
});
