/** Upper bound for a form body; checked before anything is parsed. */
export const MAX_BODY_BYTES = 8 * 1024;

export type BodyKind = 'json' | 'form';

export interface ErrorBody {
	code: string;
	message: string;
	fields?: Record<string, string>;
	link?: string;
}

/** An answer the handler stops with: status, error body and extra headers. */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: ErrorBody,
		readonly headers: Record<string, string> = {},
	) {
		super(body.message);
	}
}

/**
 * Headers on every function answer: nothing to frame, sniff, cache or leak. Netlify applies
 * netlify.toml's [[headers]] to files only, so a function sends its own; apart from its stricter
 * CSP they are netlify.toml's values, which tests/server/function-headers.test.ts holds them to.
 */
export const SECURITY_HEADERS = {
	'Cache-Control': 'no-store',
	'Content-Security-Policy':
		"default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
	'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
	'X-Content-Type-Options': 'nosniff',
	'X-Frame-Options': 'DENY',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'Permissions-Policy':
		'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
	'Cross-Origin-Opener-Policy': 'same-origin',
};

async function readCapped(request: Request): Promise<string> {
	const declared = Number(request.headers.get('content-length') ?? 0);
	if (declared > MAX_BODY_BYTES) throw tooLarge();
	const reader = request.body?.getReader();
	if (!reader) return '';
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > MAX_BODY_BYTES) {
			await reader.cancel();
			throw tooLarge();
		}
		chunks.push(value);
	}
	return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

function tooLarge() {
	return new HttpError(413, {
		code: 'payload_too_large',
		message: `The form is too large (${MAX_BODY_BYTES / 1024} KB at most).`,
	});
}

/** The origins (scheme, host, port) of addresses such as SITE_URL; unparsable ones are skipped. */
export function originsOf(addresses: (string | undefined)[]): string[] {
	const origins = new Set<string>();
	for (const address of addresses) {
		if (!address) continue;
		try {
			origins.add(new URL(address).origin);
		} catch {
			// Not an absolute URL: it cannot match an Origin header anyway.
		}
	}
	return [...origins];
}

/**
 * Refuses a post that a browser says comes from another website (cross-site request forgery:
 * a page elsewhere making its visitors sign up or submit). The site's own pages send an Origin
 * equal to the request's own origin or the configured site address; a browser that says
 * nothing (old browsers, curl, a mail provider's one-click unsubscribe) is let through, since
 * only a browser can be tricked into posting.
 */
export function refuseCrossSite(request: Request, siteOrigins: string[]): void {
	const fetchSite = request.headers.get('sec-fetch-site')?.toLowerCase();
	const origin = request.headers.get('origin');
	const own = new Set([new URL(request.url).origin, ...siteOrigins]);
	// "null" is what a sandboxed frame or a privacy-stripped redirect sends: not our page.
	const foreignOrigin = origin !== null && !own.has(origin);
	if (fetchSite === 'cross-site' || foreignOrigin) {
		throw new HttpError(403, {
			code: 'cross_site',
			message: 'This form can only be sent from the website it belongs to.',
		});
	}
}

/**
 * Reads a POSTed form as JSON or URL-encoded fields, checking method, content type and
 * size before parsing. Unknown fields are kept here and dropped by the schemas.
 */
export async function readFormBody(
	request: Request,
): Promise<{ kind: BodyKind; fields: Record<string, unknown> }> {
	if (request.method !== 'POST') {
		throw new HttpError(
			405,
			{ code: 'method_not_allowed', message: 'Send this form with POST.' },
			{ Allow: 'POST' },
		);
	}
	const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
	if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
		throw new HttpError(415, {
			code: 'unsupported_media_type',
			message: 'Send the form as application/json or application/x-www-form-urlencoded.',
		});
	}
	const text = await readCapped(request);
	if (type === 'application/x-www-form-urlencoded') {
		// A repeated key (a group of checkboxes) is its values joined by commas, as the islands send it.
		const params = new URLSearchParams(text);
		const fields = Object.fromEntries(
			[...new Set(params.keys())].map((key) => [key, params.getAll(key).join(',')]),
		);
		return { kind: 'form', fields };
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw new HttpError(400, {
			code: 'invalid_json',
			message: 'The request body is not valid JSON.',
		});
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new HttpError(400, {
			code: 'invalid_json',
			message: 'The request body must be a JSON object.',
		});
	}
	return { kind: 'json', fields: parsed as Record<string, unknown> };
}

export function jsonResponse(
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
	});
}

const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	);

/** A small page for form posts made without JavaScript (errors and notices). */
export function htmlResponse(
	status: number,
	title: string,
	message: string,
	link: { href: string; label: string },
	headers: Record<string, string> = {},
): Response {
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1f26}a{color:#1b3a5c;font-weight:600}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>Use your browser's Back button to return to the form with what you typed, or <a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>.</p></main></body></html>`;
	return new Response(page, {
		status,
		headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', ...headers },
	});
}

/** See Other: where a form post made without JavaScript lands after success. */
export function redirectResponse(location: string): Response {
	return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: location } });
}
