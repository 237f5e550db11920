import { SECURITY_HEADERS } from '../forms/http.server.ts';

const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	);

export interface LinkPage {
	status: number;
	title: string;
	message: string;
	/** A one-button form posting back to the same address (the link's own query). */
	button?: string;
	/** Hidden fields the button's form posts (the claim link's kind and token). */
	fields?: Record<string, string>;
	link?: { href: string; label: string };
}

/**
 * The small page the subscribe function answers a confirm or unsubscribe link with. A GET
 * only ever shows this page; the button's POST is what changes the subscription.
 */
export function linkPageResponse(page: LinkPage, headers: Record<string, string> = {}): Response {
	const form = page.button
		? `<form method="post">${Object.entries(page.fields ?? {})
				.map(
					([name, value]) =>
						`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
				)
				.join('')}<button type="submit">${escapeHtml(page.button)}</button></form>`
		: '';
	const link = page.link
		? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`
		: '';
	const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1f26}a{color:#1b3a5c;font-weight:600}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1b3a5c;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>${form}${link}</main></body></html>`;
	return new Response(body, {
		status: page.status,
		headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', ...headers },
	});
}

/** See Other: to the static page that says what happened. */
export function seeOther(location: string): Response {
	return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: location } });
}
